import { Box, Button, Container, Skeleton, Typography } from '@mui/material';
import { MARKET } from '@parcelle/shared/market';
import { formatNumber } from '@parcelle/shared/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import type { HomeData } from '../catalogue/api';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { PartsBar } from '../catalogue/PartsBar';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { PAGE_WIDTH } from '../layout/page-width';
import { palette } from '../theme/theme';
import styles from './featured-works.module.css';

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
    <Box component="section" sx={{ bgcolor: palette.paper, borderTop: `1px solid ${palette.line}` }}>
      <Container maxWidth={false} sx={{ ...PAGE_WIDTH, py: { xs: 8, md: 12 } }}>
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: 3, flexWrap: 'wrap' }}
        >
          <Box>
            <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
              {t('home.featured.eyebrow')}
            </Typography>
            <Typography variant="h2" sx={{ mt: 1 }}>
              {t('home.featured.title')}
            </Typography>
          </Box>
          <Button component={Link} to="/primary-market" variant="outlined">
            {t('home.featured.all')}
          </Button>
        </Box>
        <div className={styles.grid} data-testid="home-featured">
          {featured
            ? featured.map((painting) => <FeaturedWork key={painting.id} painting={painting} baseUrl={baseUrl} />)
            : [0, 1, 2].map((n) => (
                <Skeleton key={n} variant="rectangular" sx={{ aspectRatio: '4 / 5', height: 'auto' }} />
              ))}
        </div>
      </Container>
    </Box>
  );
}
