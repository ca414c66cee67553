import { Box, type SxProps, type Theme } from '@mui/material';
import { palette } from '../theme/theme';
import styles from './artwork-image.module.css';
import { imageSources } from './image-sources';

export { srcSetOf } from './image-sources';

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
  /**
   * The public documents' cards draw the frame with a CSS Module (decision 514): the frame's tone (the wall's line by
   * default, the paper, or `clear`: none, for an image on a frame of its own, decision 540) and a class of the
   * caller's module. `sx` instead draws it with MUI, as the member area does.
   */
  tone?: 'line' | 'paper' | 'clear';
  className?: string;
  sx?: SxProps<Theme>;
  testId?: string;
};

/** The largest rendition: the width and height attributes give the browser the image's ratio before it loads. */
const INTRINSIC_WIDTH = 1280;

/**
 * An artwork: a `<picture>` of server renditions (AVIF, then WebP, at each width), lazy below the fold, with its space
 * reserved (box ratio and the img's width/height) so the page does not jump, on a quiet wall tone while it loads.
 */
export function ArtworkImage({
  src,
  alt,
  sizes,
  priority = false,
  ratio,
  fit = 'cover',
  tone = 'line',
  className,
  sx,
  testId,
}: Props) {
  const picture = src ? imageSources(src, sizes) : undefined;
  const dimensions = ratio ? { width: INTRINSIC_WIDTH, height: Math.round(INTRINSIC_WIDTH / ratio) } : {};
  const image = picture && (
    <picture style={{ display: 'contents' }}>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={picture.sizes} />
      ))}
      <img
        className={fit === 'contain' ? `${styles.image} ${styles.contain}` : styles.image}
        src={picture.src}
        alt={alt}
        {...dimensions}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
        data-testid={testId}
      />
    </picture>
  );
  if (sx) {
    return (
      <Box
        sx={[
          { bgcolor: palette.line, overflow: 'hidden', ...(ratio ? { aspectRatio: String(ratio) } : {}) },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {image}
      </Box>
    );
  }
  const frame = [styles.frame, tone !== 'line' && styles[tone], className].filter(Boolean).join(' ');
  return (
    <div className={frame} style={ratio ? { aspectRatio: String(ratio) } : undefined}>
      {image}
    </div>
  );
}
