import { PAINTING_MAX_IMAGES } from '@parcelle/shared/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { PAINTING_MAIN_SIZES } from '../catalogue/image-sources';
import hidden from '../layout/visually-hidden.module.css';
import styles from './gallery.module.css';

type Props = {
  /** Full image URLs, the cover first. */
  images: readonly string[];
  title: string;
};

/**
 * The work's images: the chosen one large, on a quiet wall, and the others as thumbnails below. It works with no
 * script and no state (issue 33, decision 444): the thumbnails are the labels of a radio group, the main images are
 * stacked and CSS shows the checked one; the others are lazy, so not fetched until shown. Tab reaches the group once,
 * the arrow keys move between the thumbnails and show the image at once (the browser's own radio group). Plain
 * elements on a CSS Module (decision 540), whose rules are written for the most images a work has: no more are shown.
 */
export function Gallery({ images: all, title }: Props) {
  const { t } = useTranslation();
  const name = useId();
  const images = all.slice(0, PAINTING_MAX_IMAGES);
  const total = images.length;
  // No image at all: the frame keeps its wall-toned placeholder.
  const shown: readonly (string | undefined)[] = total > 0 ? images : [undefined];

  return (
    <section aria-label={t('paintings.gallery.label')} className={styles.gallery}>
      <div data-gallery-frame className={styles.frame}>
        {shown.map((src, index) => (
          <ArtworkImage
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is the work's images, fixed for the page.
            key={index}
            src={src}
            alt={t('paintings.gallery.image', { title, index: index + 1, total: Math.max(total, 1) })}
            sizes={PAINTING_MAIN_SIZES}
            // The first is the page's largest paint (preloaded by the route); the others wait until chosen.
            priority={index === 0}
            fit="contain"
            tone="clear"
            className={styles.main}
            testId="painting-gallery-main"
          />
        ))}
      </div>
      {total > 1 && (
        <div role="radiogroup" aria-label={t('paintings.gallery.thumbnails')} className={styles.thumbs}>
          {images.map((src, index) => (
            <label key={src} data-testid="painting-gallery-thumb" className={styles.thumb}>
              <input
                type="radio"
                name={name}
                value={String(index)}
                defaultChecked={index === 0}
                aria-label={t('paintings.gallery.thumb', { index: index + 1, total })}
                className={hidden.visuallyHidden}
              />
              <ArtworkImage src={src} alt="" sizes="96px" fit="cover" className={styles.thumbImage} />
            </label>
          ))}
        </div>
      )}
    </section>
  );
}
