import { Box, Typography } from '@mui/material';
import type { TPainting } from '@parcelle/shared/contracts/catalogue';
import { MARKET } from '@parcelle/shared/market';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { palette } from '../theme/theme';
import { AvailabilityBar, PriceChange } from './ui';

/** Card sizes: 3 columns from md (max 1320 − padding), 2 from sm, 1 below. */
const CARD_SIZES = '(min-width: 900px) 400px, (min-width: 600px) 45vw, 90vw';

/** A work on a market list: the artwork first, then its wall text and the state of its parts. */
export function PaintingCard({
  painting,
  baseUrl,
  priority,
}: {
  painting: TPainting;
  baseUrl: string;
  priority: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(painting.title, language);
  const secondary = painting.market === MARKET.secondary ? painting.secondary_market : null;
  // On the secondary market the parts to buy are those members offer now (issue 17).
  const left = secondary ? secondary.parts_offered : Math.max(0, painting.total_part - painting.sold_out_part);
  const status =
    painting.market === MARKET.shown
      ? t('paintings.card.openingSoon')
      : painting.market === MARKET.primary && left === 0
        ? t('paintings.buy.soldOut')
        : null;
  return (
    <Box
      component="article"
      data-testid="painting-card"
      data-painting-id={painting.id}
      sx={{ position: 'relative', display: 'flex', flexDirection: 'column' }}
    >
      <Box
        component={Link}
        to={paintingPath(painting)}
        sx={{
          display: 'block',
          color: 'inherit',
          textDecoration: 'none',
          '&:hover img, &:focus-visible img': { transform: 'scale(1.02)' },
          '&:focus-visible': { outline: `2px solid ${palette.accent}`, outlineOffset: 4 },
        }}
      >
        <Box
          sx={{
            position: 'relative',
            bgcolor: palette.paper,
            p: { xs: 2.5, md: 3 },
            border: `1px solid ${palette.line}`,
          }}
        >
          <ArtworkImage
            src={mediaUrl(baseUrl, painting.cover_img)}
            alt=""
            sizes={CARD_SIZES}
            priority={priority}
            ratio={4 / 5}
            fit="contain"
            sx={{ bgcolor: palette.paper, '& img': { transition: 'transform 600ms ease' } }}
          />
          {status && (
            <Typography
              component="span"
              variant="overline"
              sx={{
                position: 'absolute',
                top: 12,
                left: 12,
                px: 1.25,
                bgcolor: 'rgba(251, 249, 245, 0.92)',
                border: `1px solid ${palette.line}`,
                color: palette.accentDark,
                lineHeight: 2.2,
              }}
            >
              {status}
            </Typography>
          )}
        </Box>
        <Box sx={{ pt: 3 }}>
          <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
            {painting.artist.name}
          </Typography>
          <Typography variant="h4" component="h2" sx={{ mt: 0.5 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: palette.muted, mt: 0.5 }}>
            {painting.year}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ mt: 2.5, pt: 2.5, borderTop: `1px solid ${palette.line}`, display: 'grid', gap: 2 }}>
        <Box
          sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
        >
          <Typography component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            <Box component="span" sx={{ fontSize: 18, fontWeight: 500 }}>
              {formatAmount(painting.price_per_part, language)}
            </Box>{' '}
            <Box component="span" sx={{ color: palette.muted, fontSize: 14 }}>
              {t('paintings.card.perPart')}
            </Box>
          </Typography>
          <Typography component="p" variant="body2">
            <PriceChange percentage={painting.percentage} language={language} />
          </Typography>
        </Box>
        <AvailabilityBar progress={painting.progress} availability={painting.availability} language={language} />
        <Typography variant="body2" sx={{ color: palette.muted, mt: -1 }}>
          {t(secondary ? 'paintings.card.partsOffered' : 'paintings.card.partsAvailable')}{' '}
          <Box
            component="span"
            data-testid="card-parts-available"
            sx={{ color: palette.ink, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatPartsQuantity(left, language)}
          </Box>
        </Typography>
        {secondary && (secondary.best_ask || secondary.last_trade) && (
          <Typography variant="body2" sx={{ color: palette.muted, mt: -1.5 }} data-testid="card-market-prices">
            {[
              secondary.best_ask && t('paintings.card.bestAsk', { amount: formatAmount(secondary.best_ask, language) }),
              secondary.last_trade &&
                t('paintings.card.lastTrade', { amount: formatAmount(secondary.last_trade, language) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
