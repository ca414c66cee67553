import Box from '@mui/material/Box';

/** The smallest rendition the media route makes (apps/api/src/modules/media/renditions.ts): ample for a thumbnail. */
const THUMBNAIL_WIDTH = 320;

/**
 * A stored image's rendition, on the console's own origin: `/media/<key>?w=320`. The media route always answers there
 * (a CDN configured for the public site only sits in front of it), so the console's `img-src 'self'` holds.
 */
export function mediaUrl(key: string, width: number = THUMBNAIL_WIDTH): string {
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}?w=${width}`;
}

/** A small square picture of a work or an artist, cropped to fit; nothing when there is no image yet. */
export function Thumbnail({ imageKey, alt, size = 32 }: { imageKey: string | null; alt: string; size?: number }) {
  if (!imageKey) return null;
  return (
    <Box
      component="img"
      src={mediaUrl(imageKey)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      sx={{ objectFit: 'cover', borderRadius: 0.5, display: 'block', bgcolor: 'action.hover', flexShrink: 0 }}
    />
  );
}
