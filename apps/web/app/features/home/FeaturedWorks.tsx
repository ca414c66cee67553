import { MARKET } from '@parcelle/shared/market';
import { formatNumber } from '@parcelle/shared/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import type { HomeData } from '../catalogue/api';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { PartsBar } from '../catalogue/PartsBar';
import { paintingPath } from '../catalogue/paths';
import buttons from '../forms/plain-button.module.css';
import { localized, useLanguage } from '../i18n/language';
import styles from './featured-works.module.css';
import home from './home.module.css';

type Painting = HomeData['featured'][number];

/** A work on offer: plain elements on a CSS Module (decision 514), no emotion styles in the home's document. */
function FeaturedWork({ painting, baseUrl }: { painting: Painting; baseUrl: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(painting.title, language);
  const available = formatNumber(painting.availability / 100, language, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <Link
      to={paintingPath(painting)}
      data-testid="home-featured-work"
      data-painting-id={painting.id}
      className={styles.card}
    >
      <ArtworkImage
        src={mediaUrl(baseUrl, painting.cover_img)}
        alt={title}
        ratio={4 / 5}
        sizes="(max-width: 600px) 90vw, (max-width: 1200px) 45vw, 400px"
        className={styles.picture}
      />
      <h3 className={styles.title}>{title}</h3>
      <p className={`${styles.text} ${styles.muted}`}>
        {painting.artist.name}, {painting.year}
      </p>
      <div className={styles.figures}>
        <p className={`${styles.text} ${styles.price}`}>
          {t('home.featured.perPart', { price: formatAmount(painting.price_per_part, language) })}
        </p>
        <p className={`${styles.text} ${styles.muted}`}>
          {painting.market === MARKET.shown
            ? t('home.featured.notBuyable')
            : t('home.featured.available', { percent: available })}
        </p>
      </div>
      <div className={styles.bar}>
        <PartsBar value={painting.progress} height={2} />
      </div>
    </Link>
  );
}

/** Works of the primary market (spec §2 home): the newest first, each leading to its detail. */
export function FeaturedWorks({ featured, baseUrl }: { featured: Painting[] | undefined; baseUrl: string }) {
  const { t } = useTranslation();
  return (
    <section className={home.paper}>
      <div className={home.band}>
        <div className={home.featuredHead}>
          <div>
            <p className={home.eyebrow}>{t('home.featured.eyebrow')}</p>
            <h2 className={home.title}>{t('home.featured.title')}</h2>
          </div>
          <Link to="/primary-market" className={`${buttons.button} ${buttons.outlined}`}>
            {t('home.featured.all')}
          </Link>
        </div>
        <div className={styles.grid} data-testid="home-featured">
          {featured
            ? featured.map((painting) => <FeaturedWork key={painting.id} painting={painting} baseUrl={baseUrl} />)
            : [0, 1, 2].map((n) => <span key={n} className={home.workPlaceholder} />)}
        </div>
      </div>
    </section>
  );
}
