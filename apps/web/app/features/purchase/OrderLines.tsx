import { Box, Typography } from '@mui/material';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { Language } from '@parcelle/shared/i18n/messages';
import { includedEntryFeeMinor, shareOfWork, yearlyShareMinor } from '@parcelle/shared/invest-amount';
import { formatMoney, formatNumber } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useTranslation } from 'react-i18next';
import { formatShare } from '../paintings/InvestmentCase';
import { exitFeeText, Row, yearlyCostShare } from '../paintings/SaleFacts';
import { palette } from '../theme/theme';
import type { Pricing } from './pricing';

/** Fees of a work are set in euros (decision: fees and facts in EUR minor units). */
const FEE_CURRENCY = 'EURO' as const;

/**
 * Every line of an order before payment (issue 17): the parts and their price, each fee on its own line (the entry
 * fee included in the price on the primary market, none on top of a member's price on the secondary market, the
 * yearly costs the parts carry and the exit fee, neither charged now), what an amount leaves unspent, and the share
 * of the work the parts represent.
 */
/** A line's text with the share it is of the work's value, in brackets, when there is one (issue 31). */
const withShare = (text: string, share: string | null) => (share === null ? text : `${text} (${share})`);

export function OrderLines({
  painting,
  pricing,
  quantity,
  remainderMinor,
  language,
}: {
  painting: TPaintingDetail;
  pricing: Pricing;
  /** Parts ordered, null while the quantity is not a number of parts. */
  quantity: number | null;
  /** Buying by amount: the part of the amount not spent (null when buying by parts). */
  remainderMinor: number | null;
  language: Language;
}) {
  const { t } = useTranslation();
  const parts = quantity ?? 0;
  const money = (minor: number) => formatMoney(minor, pricing.currency, language);
  const euros = (minor: number) => formatMoney(minor, FEE_CURRENCY, language);
  const total = painting.total_part;
  const partsWithin = total > 0 && parts <= total;
  const yearly =
    painting.storage_cost_yearly_minor === null && painting.insurance_cost_yearly_minor === null
      ? null
      : (painting.storage_cost_yearly_minor ?? 0) + (painting.insurance_cost_yearly_minor ?? 0);
  const exit = exitFeeText(painting, language, t);
  const primary = pricing.market === 'primary';

  return (
    <Box data-testid="order-lines">
      <Typography id="order-lines-title" component="h2" sx={{ fontWeight: 500, mb: 1 }}>
        {t('purchase.amount.linesTitle')}
      </Typography>
      <Box component="dl" aria-labelledby="order-lines-title" sx={{ m: 0, borderTop: `1px solid ${palette.line}` }}>
        <Row
          label={formatPartsQuantity(parts, language)}
          value={
            pricing.stepped
              ? t('purchase.amount.partsStepped', { parts: formatPartsQuantity(parts, language) })
              : t('purchase.amount.parts', { parts: formatNumber(parts, language), price: money(pricing.priceMinor) })
          }
          testId="order-line-parts"
        />
        {primary ? (
          painting.entry_fee_minor !== null && (
            <Row
              label={t('purchase.amount.entryFee')}
              value={t('purchase.amount.entryFeeValue', {
                total: euros(includedEntryFeeMinor(parts, painting.entry_fee_minor)),
                perPart: euros(painting.entry_fee_minor),
              })}
              testId="order-line-entry-fee"
            />
          )
        ) : (
          <Row label={t('purchase.amount.noFee')} value={t('purchase.amount.noFeeValue')} testId="order-line-no-fee" />
        )}
        {yearly !== null && partsWithin && (
          <Row
            label={t('purchase.amount.yearly')}
            value={withShare(
              t('purchase.amount.yearlyValue', { amount: euros(yearlyShareMinor(yearly, parts, total)) }),
              yearlyCostShare(yearly, painting, language, t),
            )}
            testId="order-line-yearly"
          />
        )}
        {exit !== null && (
          <Row
            label={t('purchase.amount.exit')}
            value={t('purchase.amount.exitValue', { fee: exit })}
            testId="order-line-exit"
          />
        )}
        {remainderMinor !== null && (
          <Row
            label={t('purchase.amount.remainder')}
            value={t('purchase.amount.remainderValue', { amount: money(remainderMinor) })}
            testId="order-line-remainder"
          />
        )}
        {partsWithin && (
          <Row
            label={t('purchase.amount.share')}
            value={t('purchase.amount.shareValue', { percent: formatShare(shareOfWork(parts, total), language) })}
            testId="order-line-share"
          />
        )}
      </Box>
      {pricing.currency !== FEE_CURRENCY && (primary || yearly !== null) && (
        <Typography variant="body2" sx={{ mt: 1, color: palette.muted }}>
          {t('purchase.amount.inEuros')}
        </Typography>
      )}
    </Box>
  );
}
