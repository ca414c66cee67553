import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { guestOnlyProps, useInDocument } from '../../document/document';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import type { HomeData } from '../catalogue/api';
import { mediaUrl } from '../catalogue/format';
import { HOME_HERO_SIZES } from '../catalogue/image-sources';
import { paintingPath } from '../catalogue/paths';
import buttons from '../forms/plain-button.module.css';
import { localized, useLanguage } from '../i18n/language';
import { useSession } from '../session/use-session';
import styles from './home.module.css';

type Painting = HomeData['featured'][number];

/** The work shown in the hero: hung on the wall with its label, like in a gallery. */
function HeroWork({ painting, baseUrl }: { painting: Painting; baseUrl: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(painting.title, language);
  const ratio = painting.dimension.width / painting.dimension.height;
  return (
    <figure className={ratio >= 1 ? `${styles.work} ${styles.landscape}` : styles.work}>
      <Link to={paintingPath(painting)} className={styles.workLink} data-testid="home-hero-work">
        <ArtworkImage
          src={mediaUrl(baseUrl, painting.cover_img)}
          alt={title}
          ratio={ratio}
          priority
          sizes={HOME_HERO_SIZES}
        />
      </Link>
      <figcaption className={styles.caption}>
        {t('home.heroCaption', { title, artist: painting.artist.name, year: painting.year })}
      </figcaption>
    </figure>
  );
}

/** The home's first view: what Parcelle is, the ways in, and a work on offer (plain elements, decision 525). */
export function HomeHero({
  featured,
  baseUrl,
  loading,
}: {
  featured: Painting | undefined;
  baseUrl: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const inDocument = useInDocument();
  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <div>
          <p className={styles.eyebrow}>{t('home.eyebrow')}</p>
          <h1 className={styles.heroTitle}>{t('home.title')}</h1>
          <p className={styles.heroText}>{t('home.text')}</p>
          <div className={styles.actions}>
            <Link to="/primary-market" className={`${buttons.button} ${buttons.large}`} data-testid="home-discover">
              {t('home.discover')}
            </Link>
            {!signedIn && (
              <Link
                to="/connexion"
                className={`${buttons.button} ${buttons.large} ${buttons.outlined}`}
                {...guestOnlyProps(inDocument)}
              >
                {t('home.join')}
              </Link>
            )}
          </div>
        </div>
        {featured ? (
          <HeroWork painting={featured} baseUrl={baseUrl} />
        ) : (
          loading && <span className={styles.heroPlaceholder} />
        )}
      </div>
    </div>
  );
}
