import type { Currency } from '@parcelle/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, formatCount, lifeYears, mediaUrl } from '../catalogue/format';
import { useLanguage } from '../i18n/language';
import { FigureLabel } from './ArtistWorkCard';
import styles from './artists-screen.module.css';
import { type Artist, formatIndex, indexIn, recordOf } from './figures';

/** Portrait widths of the wall: one column on phones, two on tablets, three from md. */
export const CARD_SIZES = '(max-width: 599px) 120px, (max-width: 899px) 45vw, 400px';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.figure}>
      <FigureLabel>{label}</FigureLabel>
      <dd data-testid={testId} className={styles.value}>
        {value}
      </dd>
    </div>
  );
}

type Props = { artist: Artist; baseUrl: string; currency: Currency; priority?: boolean };

/** One artist on the wall of /artists: portrait, name, life years and three figures; links to the artist. */
export function ArtistCard({ artist, baseUrl, currency, priority = false }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const life = lifeYears(artist.life_dates, (year) => t('artists.born', { year }));
  const record = recordOf(artist);
  return (
    <Link
      to={`/artists/details/${encodeURIComponent(artist.id)}`}
      data-testid="artist-card"
      data-artist-id={artist.id}
      className={styles.card}
    >
      <ArtworkImage
        src={mediaUrl(baseUrl, artist.img)}
        alt={artist.name}
        sizes={CARD_SIZES}
        ratio={1}
        priority={priority}
      />
      <div className={styles.caption}>
        <h2 data-testid="artist-card-name" className={styles.name}>
          {artist.name}
        </h2>
        {life && (
          <p data-testid="artist-card-life" className={styles.life}>
            {life}
          </p>
        )}
        <dl className={styles.figures}>
          <Figure
            label={t('artists.figures.icShort')}
            value={formatIndex(indexIn(artist, currency), language)}
            testId="artist-card-ic"
          />
          <Figure
            label={t('artists.figures.record')}
            value={record ? formatAmount(record, language) : t('artists.figures.none')}
            testId="artist-card-record"
          />
          <Figure
            label={t('artists.figures.works')}
            value={formatCount(artist.paintings_count, language)}
            testId="artist-card-works"
          />
        </dl>
      </div>
    </Link>
  );
}

/** The shape of a card while the page loads: MUI's Skeletons as they were drawn. */
export function ArtistCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <span className={styles.portrait} />
      <div className={styles.caption}>
        <span className={`${styles.line} ${styles.lineName}`} style={{ width: '70%' }} />
        <span className={styles.line} style={{ width: '35%' }} />
        <span className={`${styles.line} ${styles.lineFigures}`} style={{ width: '90%' }} />
      </div>
    </div>
  );
}
