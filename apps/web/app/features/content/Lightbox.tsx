import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import styles from './gallery-screen.module.css';
import { galleryItemId, galleryViewId } from './gallery-views';

export type LightboxImage = { id: string; src: string | undefined; title: string };

/** MUI's ChevronLeft, ChevronRight and Close icons, as their paths (24 × 24). */
const PATHS = {
  previous: 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z',
  next: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
  close: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
} as const;

function ViewIcon({ name, large = false }: { name: keyof typeof PATHS; large?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={large ? `${styles.icon} ${styles.large}` : styles.icon}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/**
 * A link to the previous or next picture's view. Beside the picture on wide screens (`side`: large, marked for the ←
 * and → keys of gallery-views.ts) or under it on a phone (`under`); where there is no picture to go to, an empty
 * place of the same size keeps the title centred, neither a link nor in the tab order.
 */
function Arrow({
  to,
  direction,
  at,
}: {
  to: LightboxImage | undefined;
  direction: 'previous' | 'next';
  at: 'side' | 'under';
}) {
  const { t } = useTranslation();
  const side = at === 'side';
  const place = side ? styles.side : styles.under;
  if (!to) {
    const size = side ? 48 : 40;
    return <span aria-hidden="true" className={`${styles.absent} ${place}`} style={{ width: size, height: size }} />;
  }
  const marks = side ? { [`data-gallery-${direction}`]: '', 'data-testid': `lightbox-${direction}` } : {};
  return (
    <a
      href={`#${galleryViewId(to.id)}`}
      aria-label={t(direction === 'previous' ? 'content.gallery.previous' : 'content.gallery.next')}
      {...marks}
      className={`${styles.button} ${place}`}
    >
      <ViewIcon name={direction} large={side} />
    </a>
  );
}

/**
 * Each picture of the page, large on a dark wall, as a view the URL's fragment opens (decision 482): hidden until it
 * is the `:target`, with links to close (back to its place in the grid) and to the previous and next pictures. Esc,
 * ← and → follow those links once a script runs (gallery-views.ts). The image is lazy: a view not shown is not drawn,
 * so its file is fetched when it is opened. Plain elements on `gallery-screen.module.css` (decision 552).
 */
export function Lightbox({ images }: { images: readonly LightboxImage[] }) {
  const { t } = useTranslation();
  return images.map((image, index) => {
    const titleId = `${galleryViewId(image.id)}-title`;
    const previous = images[index - 1];
    const next = images[index + 1];
    return (
      <div
        key={image.id}
        id={galleryViewId(image.id)}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-gallery-view=""
        data-testid="lightbox"
        className={styles.view}
      >
        <div className={styles.bar}>
          <p className={styles.counter} data-testid="lightbox-counter">
            {t('content.gallery.counter', { current: index + 1, total: images.length })}
          </p>
          <a
            href={`#${galleryItemId(image.id)}`}
            aria-label={t('common.close')}
            data-gallery-close=""
            data-testid="lightbox-close"
            className={styles.button}
          >
            <ViewIcon name="close" />
          </a>
        </div>
        <div className={styles.stage}>
          <Arrow to={previous} direction="previous" at="side" />
          <div className={styles.frame}>
            <ArtworkImage
              src={image.src}
              alt={image.title}
              sizes="(max-width: 900px) 100vw, 80vw"
              fit="contain"
              testId="lightbox-image"
              tone="clear"
              className={styles.image}
            />
          </div>
          <Arrow to={next} direction="next" at="side" />
        </div>
        <div className={styles.caption}>
          <Arrow to={previous} direction="previous" at="under" />
          <h2 id={titleId} className={styles.viewTitle}>
            {image.title}
          </h2>
          <Arrow to={next} direction="next" at="under" />
        </div>
      </div>
    );
  });
}
