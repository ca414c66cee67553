import { Box, Typography } from '@mui/material';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatMoney, formatNumber } from '@parcelle/shared/money';
import type { Fill } from '@parcelle/shared/secondary';
import { useTranslation } from 'react-i18next';
import { fonts, palette } from '../theme/theme';
import type { Pricing } from './pricing';

/** The order's total, and on the secondary market the listings' steps it is made of. */
export function BuyTotal({
  totalMinor,
  fills,
  pricing,
  language,
}: {
  totalMinor: number | null;
  fills: Fill[] | null;
  pricing: Pricing;
  language: Language;
}) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, pricing.currency, language);
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 2,
        py: 2.5,
        borderTop: `1px solid ${palette.line}`,
        borderBottom: `1px solid ${palette.line}`,
      }}
    >
      <Typography sx={{ color: palette.muted }}>{t('purchase.buy.total')}</Typography>
      <Box sx={{ textAlign: 'right', minWidth: 0 }}>
        <Typography
          data-testid="buy-total"
          aria-live="polite"
          sx={{
            fontFamily: fonts.display,
            fontSize: { xs: 30, md: 36 },
            lineHeight: 1.1,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {money(totalMinor ?? 0)}
        </Typography>
        {fills && fills.length > 1 && (
          <Typography
            variant="body2"
            data-testid="buy-total-breakdown"
            sx={{ color: palette.muted, mt: 0.75, fontVariantNumeric: 'tabular-nums' }}
          >
            {fills
              .map((fill) =>
                t('purchase.secondary.step', {
                  parts: formatNumber(fill.quantity, language),
                  amount: money(fill.unitPriceMinor),
                }),
              )
              .join(' + ')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
