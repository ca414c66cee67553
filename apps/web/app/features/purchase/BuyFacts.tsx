import { Box, Typography } from '@mui/material';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useTranslation } from 'react-i18next';
import { palette } from '../theme/theme';
import { minorOf } from './order';
import type { Pricing } from './pricing';

/** The price of a part and the parts left, side by side above the quantity. */
export function BuyFacts({
  painting,
  pricing,
  language,
}: {
  painting: TPaintingDetail;
  pricing: Pricing;
  language: Language;
}) {
  const { t } = useTranslation();
  const secondary = pricing.market === 'secondary';
  const price = formatMoney(pricing.priceMinor, pricing.currency, language);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        gap: 3,
        py: 3,
        m: 0,
        borderTop: `1px solid ${palette.line}`,
        borderBottom: `1px solid ${palette.line}`,
        '& dd': { m: 0 },
      }}
    >
      <Box>
        <Typography component="dt" variant="body2" sx={{ color: palette.muted }}>
          {t('purchase.buy.pricePerPart')}
        </Typography>
        <Typography component="dd" sx={{ fontSize: 22, fontWeight: 500 }} data-testid="buy-price-per-part">
          {pricing.stepped ? t('purchase.secondary.from', { amount: price }) : price}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ color: palette.muted }}>
          {secondary
            ? t(pricing.stepped ? 'purchase.secondary.priceNoteStepped' : 'purchase.secondary.priceNote')
            : t('purchase.buy.perCm2', {
                amount: formatMoney(minorOf(painting.price_per_cm2), painting.price_per_cm2.curr, language),
              })}
        </Typography>
      </Box>
      <Box>
        <Typography component="dt" variant="body2" sx={{ color: palette.muted }}>
          {t(secondary ? 'purchase.secondary.available' : 'purchase.buy.available')}
        </Typography>
        <Typography component="dd" sx={{ fontSize: 17, mt: 0.5 }} data-testid="buy-available">
          {formatPartsQuantity(pricing.available, language)}
        </Typography>
      </Box>
    </Box>
  );
}
