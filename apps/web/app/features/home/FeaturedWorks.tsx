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

type Painting = HomeData['featured'][number];

function FeaturedWork({ painting, baseUrl }: { painting: Painting; baseUrl: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(painting.title, language);
  const available = formatNumber(painting.availability / 100, language, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <Box
      component={Link}
      to={paintingPath(painting)}
      data-testid="home-featured-work"
      data-painting-id={painting.id}
      sx={{ color: 'inherit', textDecoration: 'none', display: 'block', '&:hover img': { transform: 'scale(1.02)' } }}
    >
      <ArtworkImage
        src={mediaUrl(baseUrl, painting.cover_img)}
        alt={title}
        ratio={4 / 5}
        sizes="(max-width: 600px) 90vw, (max-width: 1200px) 45vw, 400px"
        sx={{ '& img': { transition: 'transform 600ms ease' } }}
      />
      <Typography variant="h5" component="h3" sx={{ mt: 2.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted }}>
        {painting.artist.name}, {painting.year}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mt: 1.5, gap: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('home.featured.perPart', { price: formatAmount(painting.price_per_part, language) })}
        </Typography>
        <Typography variant="body2" sx={{ color: palette.muted }}>
          {painting.market === MARKET.shown
            ? t('home.featured.notBuyable')
            : t('home.featured.available', { percent: available })}
        </Typography>
      </Box>
      <Box sx={{ mt: 1 }}>
        <PartsBar value={painting.progress} height={2} />
      </Box>
    </Box>
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
        <Box
          sx={{
            mt: { xs: 5, md: 7 },
            display: 'grid',
            gap: { xs: 6, md: 6 },
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
          }}
          data-testid="home-featured"
        >
          {featured
            ? featured.map((painting) => <FeaturedWork key={painting.id} painting={painting} baseUrl={baseUrl} />)
            : [0, 1, 2].map((n) => (
                <Skeleton key={n} variant="rectangular" sx={{ aspectRatio: '4 / 5', height: 'auto' }} />
              ))}
        </Box>
      </Container>
    </Box>
  );
}
