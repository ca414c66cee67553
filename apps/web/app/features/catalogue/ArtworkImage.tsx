import { Box, type SxProps, type Theme } from '@mui/material';
import { palette } from '../theme/theme';

/** Widths the server renders (apps/api/src/modules/media/renditions.ts). */
const WIDTHS = [320, 480, 640, 960, 1280] as const;

type Props = {
  src: string | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks the right rendition. */
  sizes: string;
  /** Above the fold: load at once and with high priority; otherwise lazily. */
  priority?: boolean;
  /** Intrinsic ratio (width / height) to reserve the space before the image arrives. */
  ratio?: number;
  fit?: 'cover' | 'contain';
  sx?: SxProps<Theme>;
  testId?: string;
};

/** The `srcset` of a /media image: one entry per rendition width. */
export function srcSetOf(src: string): string {
  const separator = src.includes('?') ? '&' : '?';
  return WIDTHS.map((width) => `${src}${separator}w=${width} ${width}w`).join(', ');
}

/**
 * An artwork: responsive (`srcset` of server renditions), lazy below the fold, with its space reserved so
 * the page does not jump, on a quiet wall tone while it loads.
 */
export function ArtworkImage({ src, alt, sizes, priority = false, ratio, fit = 'cover', sx, testId }: Props) {
  const local = src?.includes('/media/');
  return (
    <Box
      sx={[
        { bgcolor: palette.line, overflow: 'hidden', ...(ratio ? { aspectRatio: String(ratio) } : {}) },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {src && (
        <Box
          component="img"
          src={src}
          srcSet={local ? srcSetOf(src) : undefined}
          sizes={local ? sizes : undefined}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          data-testid={testId}
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: fit }}
        />
      )}
    </Box>
  );
}
