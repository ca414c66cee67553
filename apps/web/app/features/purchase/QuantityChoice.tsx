import { Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import type { TFunction } from 'i18next';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issueText } from '../forms/issue-text';
import { palette } from '../theme/theme';
import type { AmountProblem } from './buy-state';
import { amountText, type BuyBy, currencySymbol, QUICK_QUANTITIES, quantityDigits } from './order';
import type { Pricing } from './pricing';
import type { BuyFormState } from './use-buy-form';

function amountProblemText(
  t: TFunction,
  problem: AmountProblem,
  pricing: Pricing,
  language: Language,
): string | undefined {
  switch (problem.kind) {
    case 'below-one-part':
      return t('purchase.amount.belowOnePart', {
        amount: formatMoney(problem.nextPartMinor, pricing.currency, language),
      });
    case 'required':
      return t('purchase.amount.required');
    case 'quantity':
      return issueText(t, problem.message);
  }
}

/** How many parts: typed as parts (with quick choices) or chosen by an amount (issue 17), with the surface. */
export function QuantityChoice({
  state,
  pricing,
  language,
}: {
  state: BuyFormState;
  pricing: Pricing;
  language: Language;
}) {
  const { t } = useTranslation();
  const { form, quantity, buyBy, setBuyBy, amountTyped, setAmountTyped, amountIssue } = state;
  const partsText = formatPartsQuantity(quantity ?? 0, language);
  const amountError = amountIssue ? (amountProblemText(t, amountIssue, pricing, language) ?? null) : null;
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        value={buyBy}
        onChange={(_, next: BuyBy | null) => next && setBuyBy(next)}
        aria-label={t('purchase.amount.by')}
        size="small"
        sx={{ mb: 2.5 }}
      >
        <ToggleButton value="parts" data-testid="buy-by-parts" sx={{ px: 2.5, textTransform: 'none' }}>
          {t('purchase.amount.byParts')}
        </ToggleButton>
        <ToggleButton value="amount" data-testid="buy-by-amount" sx={{ px: 2.5, textTransform: 'none' }}>
          {t('purchase.amount.byAmount')}
        </ToggleButton>
      </ToggleButtonGroup>
      {buyBy === 'amount' ? (
        <>
          <TextField
            label={t('purchase.amount.label', { currency: currencySymbol(pricing.currency, language) })}
            name="amount"
            value={amountTyped}
            onChange={(event) => setAmountTyped(amountText(event.target.value))}
            error={amountIssue !== null}
            helperText={amountError ?? t('purchase.amount.help')}
            fullWidth
            slotProps={{
              htmlInput: { 'data-testid': 'buy-amount', inputMode: 'decimal', 'aria-describedby': 'buy-amount-parts' },
              formHelperText: amountError ? ({ 'data-testid': 'buy-amount-error' } as object) : undefined,
            }}
          />
          <Typography
            id="buy-amount-parts"
            data-testid="buy-amount-parts"
            aria-live="polite"
            sx={{ mt: 1.25, color: palette.ink, fontVariantNumeric: 'tabular-nums' }}
          >
            {t('purchase.amount.buys', { parts: partsText })}
          </Typography>
        </>
      ) : (
        <>
          <Controller
            control={form.control}
            name="quantity"
            render={({ field, fieldState }) => (
              <TextField
                label={t('purchase.buy.quantity')}
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(quantityDigits(event.target.value))}
                error={Boolean(fieldState.error)}
                helperText={issueText(t, fieldState.error?.message) ?? t('purchase.buy.quantityHelp')}
                fullWidth
                slotProps={{
                  htmlInput: {
                    'data-testid': 'buy-quantity',
                    inputMode: 'numeric',
                    pattern: '[0-9]*',
                    'aria-describedby': 'buy-quantity-cm2',
                  },
                  formHelperText: fieldState.error ? ({ 'data-testid': 'buy-quantity-error' } as object) : undefined,
                }}
              />
            )}
          />
          <Typography
            id="buy-quantity-cm2"
            data-testid="buy-quantity-cm2"
            aria-live="polite"
            sx={{ mt: 1.25, color: palette.ink, fontVariantNumeric: 'tabular-nums' }}
          >
            {partsText}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
            {QUICK_QUANTITIES.map((parts) => (
              <Button
                key={parts}
                size="small"
                variant={quantity === parts ? 'contained' : 'outlined'}
                color="inherit"
                disabled={parts > pricing.available}
                data-testid={`buy-quick-${parts}`}
                onClick={() => form.setValue('quantity', String(parts), { shouldValidate: true, shouldDirty: true })}
                sx={{ borderColor: palette.line, minHeight: 36, px: 1.75, fontWeight: 400 }}
              >
                {t('purchase.buy.quick', { cm2: parts / 9, parts, count: parts })}
              </Button>
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}
