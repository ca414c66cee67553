import { Box, Stack, TextField, Typography } from '@mui/material';
import { QUOTE_STATE } from '@parcelle/shared/market-order';
import { formatMoney } from '@parcelle/shared/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { palette } from '../theme/theme';
import { BookAmount } from './BookAmount';
import type { OrderDraft } from './use-order-draft';

const FIGURE = { m: 0, fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;

/** The field errors of a draft the member tried to confirm, as catalogue or interface texts. */
function useFieldErrors(draft: OrderDraft) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { quote } = draft;
  if (!draft.checked) return { parts: null, price: null };
  const euros = (minor: number) => formatMoney(minor, 'EURO', language);
  return {
    parts:
      quote.state === QUOTE_STATE.noParts
        ? t('msg:SelectShares')
        : quote.state === QUOTE_STATE.tooManyParts
          ? t('msg:NotEnoughPartsOwned')
          : null,
    price:
      quote.state === QUOTE_STATE.noPrice
        ? t('marketOrder.priceMissing')
        : quote.state === QUOTE_STATE.belowRange
          ? t('marketOrder.priceBelow', { min: euros(quote.range.min) })
          : quote.state === QUOTE_STATE.aboveRange
            ? t('marketOrder.priceAbove', { max: euros(quote.range.max) })
            : null,
  };
}

/**
 * The parts and the price per part of an order (issue 31, "one way to sell"): the same two fields in the drawer of My
 * parts and in the work's order form, checked by the same rules (the parts in hand, the bounds the API enforces).
 */
export function OrderFields({
  draft,
  range,
  inHand,
  disabled = false,
  testIdPrefix,
}: {
  draft: OrderDraft;
  range: { min: number; max: number } | null;
  inHand?: number;
  disabled?: boolean;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errors = useFieldErrors(draft);
  const euros = (minor: number) => formatMoney(minor, 'EURO', language);
  const partsHelp =
    draft.side === 'ask' && inHand !== undefined ? t('marketOrder.partsRange', { max: inHand }) : undefined;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <TextField
        label={t(draft.side === 'ask' ? 'marketOrder.partsToSell' : 'marketOrder.partsToBuy')}
        value={draft.parts}
        onChange={(event) => draft.setParts(event.target.value)}
        error={Boolean(errors.parts)}
        helperText={errors.parts ?? partsHelp}
        disabled={disabled}
        autoComplete="off"
        required
        slotProps={{
          htmlInput: { inputMode: 'numeric', 'data-testid': `${testIdPrefix}-parts` },
          formHelperText: { 'data-testid': `${testIdPrefix}-parts-help` } as object,
        }}
      />
      <TextField
        label={t('marketOrder.pricePerPart')}
        value={draft.price}
        onChange={(event) => draft.setPrice(event.target.value)}
        error={Boolean(errors.price)}
        helperText={
          errors.price ?? (range ? t('marketOrder.priceRange', { min: euros(range.min), max: euros(range.max) }) : '')
        }
        disabled={disabled}
        autoComplete="off"
        required
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': `${testIdPrefix}-price` },
          formHelperText: { 'data-testid': `${testIdPrefix}-price-help` } as object,
        }}
      />
    </Box>
  );
}

function Row({ term, children, strong = false }: { term: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{
        justifyContent: 'space-between',
        alignItems: 'baseline',
        py: 1,
        ...(strong ? { borderTop: `1px solid ${palette.line}`, mt: 0.5, pt: 1.5 } : {}),
      }}
    >
      <Typography component="dt" sx={strong ? { fontWeight: 500 } : { color: palette.muted }}>
        {term}
      </Typography>
      <Typography component="dd" sx={strong ? { ...FIGURE, fontWeight: 500, fontSize: 18 } : FIGURE}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * What the order comes to before it is confirmed: parts × price, the fees (none on this market, said so) and what the
 * member receives (an ask) or has held (a bid), in their display currency with the book's euros beside.
 */
export function OrderQuoteSummary({
  draft,
  rate,
  testIdPrefix,
}: {
  draft: OrderDraft;
  rate: string | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const { quote } = draft;
  if (quote.state !== QUOTE_STATE.ready) {
    return (
      <Typography variant="body2" sx={{ color: palette.muted }} data-testid={`${testIdPrefix}-quote-pending`}>
        {t('marketOrder.quotePending')}
      </Typography>
    );
  }
  return (
    <Box>
      <Box component="dl" sx={{ m: 0 }} data-testid={`${testIdPrefix}-quote`}>
        <Row term={t('marketOrder.gross')}>
          <BookAmount minor={quote.grossMinor} rate={rate} testId={`${testIdPrefix}-gross`} />
        </Row>
        <Row term={t('marketOrder.fees')}>
          <span data-testid={`${testIdPrefix}-fees`}>
            {quote.feeMinor === 0 ? t('marketOrder.noFee') : <BookAmount minor={quote.feeMinor} rate={rate} />}
          </span>
        </Row>
        <Row term={t(draft.side === 'ask' ? 'marketOrder.proceeds' : 'marketOrder.held')} strong>
          <BookAmount minor={quote.netMinor} rate={rate} testId={`${testIdPrefix}-net`} />
        </Row>
      </Box>
      <Typography variant="body2" sx={{ color: palette.muted, mt: 1 }}>
        {t(draft.side === 'ask' ? 'marketOrder.askNote' : 'marketOrder.bidNote')}
        {currency !== 'EURO' && ` ${t('marketOrder.rateNote')}`}
      </Typography>
    </Box>
  );
}
