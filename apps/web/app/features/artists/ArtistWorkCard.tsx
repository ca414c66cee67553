import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, formatCount, mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import styles from './artist-work-card.module.css';
import type { ArtistPainting } from './figures';

/**
 * A small label above a figure, in the quiet caps of a gallery caption (an artist's works and key figures, the wall
 * of artists). Here rather than beside the wall's card, whose stylesheet an artist's page does not need.
 */
export function FigureLabel({ children }: { children: ReactNode }) {
  return <dt className={styles.label}>{children}</dt>;
}

const MARKET_LABEL = {
  1: 'artists.painting.market1',
  2: 'artists.painting.market2',
  3: 'artists.painting.market3',
} as const;

/**
 * One of the artist's works: the picture first, then its title, facts and price per part. Plain elements on a CSS
 * Module (decision 514): the artist's page, a document, carries no emotion styles for its works.
 */
export function ArtistWorkCard({ painting, baseUrl }: { painting: ArtistPainting; baseUrl: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(painting.title, language);
  const type = language === 'fr' ? painting.painting_type_fr : painting.painting_type_en;
  return (
    <Link
      to={paintingPath(painting)}
      data-testid="artist-painting"
      data-painting-id={painting.id}
      className={styles.card}
    >
      <ArtworkImage
        src={mediaUrl(baseUrl, painting.cover_img)}
        alt={title}
        sizes="(max-width: 599px) 100vw, (max-width: 899px) 45vw, 400px"
        ratio={1}
      />
      <div className={styles.caption}>
        <p className={styles.market}>{t(MARKET_LABEL[painting.market])}</p>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.facts}>
          {[
            painting.year,
            type,
            t('artists.painting.dimensions', {
              width: formatCount(painting.dimension.width, language),
              height: formatCount(painting.dimension.height, language),
            }),
          ].join(' · ')}
        </p>
        <dl className={styles.price}>
          <FigureLabel>{t('artists.painting.partPrice')}</FigureLabel>
          <dd className={styles.amount} data-testid="artist-painting-price">
            {formatAmount(painting.price_per_part, language)}
          </dd>
        </dl>
      </div>
    </Link>
  );
}
