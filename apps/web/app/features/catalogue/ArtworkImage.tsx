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
   * The frame's tone (decision 514): the wall's line by default, the paper, or `clear`: none, for an image on a frame
   * of its own (decision 540).
   */
  tone?: 'line' | 'paper' | 'clear';
  /**
   * A square thumbnail of this many pixels beside a text (the member tables, the sell and purchase drawers): it keeps
   * its size in a row; `bordered` draws the wall's line around it.
   */
  thumbnail?: { size: number; bordered?: boolean };
  /** A class of the caller's module: the frame's size, place or shadow. */
  className?: string;
  testId?: string;
};

/** The largest rendition: the width and height attributes give the browser the image's ratio before it loads. */
const INTRINSIC_WIDTH = 1280;

/**
 * An artwork: a `<picture>` of server renditions (AVIF, then WebP, at each width), lazy below the fold, with its space
 * reserved (box ratio and the img's width/height) so the page does not jump, on a quiet wall tone while it loads.
 * Plain elements on a CSS Module (issue 33): the public documents and the member area draw it alike, without MUI.
 */
export function ArtworkImage({
  src,
  alt,
  sizes,
  priority = false,
  ratio,
  fit = 'cover',
  tone = 'line',
  thumbnail,
  className,
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
  const frame = [styles.frame, tone !== 'line' && styles[tone], className].filter(Boolean).join(' ');
  // A thumbnail's size and line are the element's own: nothing a public page's stylesheet needs to carry.
  const style = {
    ...(ratio ? { aspectRatio: String(ratio) } : {}),
    ...(thumbnail ? { width: thumbnail.size, height: thumbnail.size, flex: 'none' } : {}),
    ...(thumbnail?.bordered ? { border: '1px solid var(--parcelle-line)' } : {}),
  };
  return (
    <div className={frame} style={ratio || thumbnail ? style : undefined}>
      {image}
    </div>
  );
}
