import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, formatCount, mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { palette } from '../theme/theme';
import { FigureLabel } from './ArtistCard';
import type { ArtistPainting } from './figures';

const MARKET_LABEL = {
  1: 'artists.painting.market1',
  2: 'artists.painting.market2',
  3: 'artists.painting.market3',
} as const;

/** One of the artist's works: the picture first, then its title, facts and price per part. */
export function ArtistWorkCard({ painting, baseUrl }: { painting: ArtistPainting; baseUrl: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(painting.title, language);
  const type = language === 'fr' ? painting.painting_type_fr : painting.painting_type_en;
  return (
    <Box
      component={Link}
      to={paintingPath(painting)}
      data-testid="artist-painting"
      data-painting-id={painting.id}
      sx={{
        display: 'block',
        color: 'inherit',
        textDecoration: 'none',
        outlineOffset: 6,
        '& img': { transition: 'transform 600ms ease' },
        '&:hover img': { transform: 'scale(1.03)' },
        '&:hover .artist-painting-title': { color: palette.accentDark },
      }}
    >
      <ArtworkImage
        src={mediaUrl(baseUrl, painting.cover_img)}
        alt={title}
        sizes="(max-width: 599px) 100vw, (max-width: 899px) 45vw, 400px"
        ratio={1}
      />
      <Box sx={{ pt: 2.5 }}>
        <Typography variant="overline" component="p" sx={{ color: palette.accent, lineHeight: 1.6 }}>
          {t(MARKET_LABEL[painting.market])}
        </Typography>
        <Typography
          component="h3"
          variant="h5"
          className="artist-painting-title"
          sx={{ mt: 0.5, fontSize: '1.5rem', transition: 'color 200ms ease' }}
        >
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {[
            painting.year,
            type,
            t('artists.painting.dimensions', {
              width: formatCount(painting.dimension.width, language),
              height: formatCount(painting.dimension.height, language),
            }),
          ].join(' · ')}
        </Typography>
        <Box component="dl" sx={{ m: 0, mt: 2, pt: 2, borderTop: `1px solid ${palette.line}` }}>
          <FigureLabel>{t('artists.painting.partPrice')}</FigureLabel>
          <Typography
            component="dd"
            data-testid="artist-painting-price"
            sx={{ m: 0, mt: 0.5, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatAmount(painting.price_per_part, language)}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
