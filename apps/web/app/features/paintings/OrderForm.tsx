import { Alert, Box, Button, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { BID_EXPIRY_DAYS_DEFAULT, BID_EXPIRY_DAYS_MAX } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { formatMoney, fromMajorString } from '@parcelle/shared/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityCheckCancelled } from '../account/IdentityCheck';
import { useStepUp } from '../account/StepUp';
import { PAINTINGS_KEY } from '../catalogue/api';
import { localized, useLanguage } from '../i18n/language';
import { isInvestorStep, useInvestmentWarning } from '../investor/api';
import { InvestmentWarning } from '../investor/InvestmentWarning';
import { InvestorStep } from '../investor/InvestorStep';
import { HOLDINGS_KEY, LISTINGS_KEY } from '../portfolio/api';
import { apiRequest } from '../session/api';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { isVerificationStep, useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';

/*
 * The order form of a work's book, for signed-in members only: its own module, fetched when a member's page shows it,
 * so a visitor's painting page loads no text field (issue 14).
 */

type Side = 'ask' | 'bid';

/** The price typed in euros, in minor units, or null when it is not an amount. */
function priceMinor(text: string): number | null {
  try {
    const minor = fromMajorString(text);
    return minor > 0 ? minor : null;
  } catch {
    return null;
  }
}

/** A member's ask (parts they hold, at a price) or bid (parts they want, funds held from the EUR wallet). */
export function OrderForm({ painting, book }: { painting: TPaintingDetail; book: TOrderBook }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const id = useId();
  const [side, setSide] = useState<Side>('bid');
  const [parts, setParts] = useState('');
  const [price, setPrice] = useState('');
  const [days, setDays] = useState(String(BID_EXPIRY_DAYS_DEFAULT));
  const [done, setDone] = useState<string | null>(null);
  // Issue 26: an order moves money or parts, so it is confirmed with the wallet code (and the app's code when on).
  const stepUp = useStepUp();
  const gate = useVerificationGate();
  // Issue 30: a bid above the member's threshold carries the per-investment warning's consent.
  const bidTotal =
    side === 'bid' && priceMinor(price) !== null && Number(parts) > 0 ? (priceMinor(price) ?? 0) * Number(parts) : null;
  const warning = useInvestmentWarning(bidTotal, 'EURO', side === 'bid');
  const warningCheck = side === 'bid' && warning.data?.required ? warning.data : null;
  const [warningAccepted, setWarningAccepted] = useState(false);
  const place = useMutation({
    mutationFn: () =>
      stepUp.confirm((proof) => {
        const body = {
          painting_id: painting.id,
          total_part: Number(parts),
          price_per_part_minor: priceMinor(price) ?? 0,
          ...proof,
        };
        if (side === 'ask') return apiRequest<unknown>('/paintings/sale', { method: 'POST', body });
        const consent =
          warningCheck && warningAccepted
            ? { risk_warning_consent: { version: warningCheck.warning.version, language } }
            : {};
        return apiRequest<unknown>('/paintings/bids', {
          method: 'POST',
          body: { ...body, expires_in_days: Number(days), ...consent },
        });
      }),
    onSuccess: async (answer) => {
      setDone(localized(answer.message, language));
      setParts('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PAINTINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: HOLDINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: LISTINGS_KEY }),
      ]);
    },
    onError: () => setDone(null),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    place.mutate();
  };
  const range = {
    min: formatMoney(book.min_price_minor, 'EURO', language),
    max: formatMoney(book.max_price_minor, 'EURO', language),
  };
  // Issue 29: an order moves money or parts; a member not yet verified sees the identity step instead.
  const refused = place.isError && isVerificationStep(place.error) ? place.error : null;
  const investorRefused = place.isError && isInvestorStep(place.error) ? place.error : null;
  if (investorRefused && !refused && !gate.gated) {
    return <InvestorStep error={investorRefused} testId="order-investor-step" />;
  }
  if ((gate.status && gate.gated) || refused) {
    return (
      <VerificationStep
        state={gate.gated ? gate.status?.state : undefined}
        error={refused}
        testId="order-verification-step"
      />
    );
  }
  return (
    <>
      <Box component="form" onSubmit={submit} aria-labelledby={`${id}-title`} sx={{ display: 'grid', gap: 2.5 }}>
        <Typography id={`${id}-title`} variant="h4" component="h3">
          {t('paintings.book.placeTitle')}
        </Typography>
        <RadioGroup
          row
          aria-label={t('paintings.book.side')}
          value={side}
          onChange={(event) => setSide(event.target.value as Side)}
        >
          <FormControlLabel
            value="bid"
            control={<Radio />}
            label={t('paintings.book.buy')}
            data-testid="order-side-bid"
          />
          <FormControlLabel
            value="ask"
            control={<Radio />}
            label={t('paintings.book.sell')}
            data-testid="order-side-ask"
          />
        </RadioGroup>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField
            label={t('paintings.book.parts')}
            value={parts}
            onChange={(event) => setParts(event.target.value.replace(/\D/g, ''))}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'order-parts' } }}
            required
          />
          <TextField
            label={t('paintings.book.pricePerPart')}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            helperText={t('paintings.book.priceRange', range)}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'order-price' } }}
            required
          />
          {side === 'bid' && (
            <TextField
              label={t('paintings.book.expiry')}
              value={days}
              onChange={(event) => setDays(event.target.value.replace(/\D/g, ''))}
              helperText={t('paintings.book.expiryHelp', { max: BID_EXPIRY_DAYS_MAX, count: BID_EXPIRY_DAYS_MAX })}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'order-expiry' } }}
            />
          )}
        </Box>
        {side === 'bid' && (
          <Typography variant="body2" sx={{ color: palette.muted }}>
            {t('paintings.book.bidHoldNote')}
          </Typography>
        )}
        {warningCheck && (
          <InvestmentWarning
            check={warningCheck}
            currency="EURO"
            accepted={warningAccepted}
            onAccept={setWarningAccepted}
            testId="order-investment-warning"
          />
        )}
        {place.isError && !(place.error instanceof IdentityCheckCancelled) && (
          <Alert severity="error" variant="outlined" data-testid="order-error">
            {localized(errorText(place.error), language)}
          </Alert>
        )}
        {done && (
          <Alert severity="success" variant="outlined" data-testid="order-done" role="status">
            {done}
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={place.isPending || Boolean(warningCheck && !warningAccepted)}
            data-testid="order-submit"
          >
            {t(side === 'ask' ? 'paintings.book.submitAsk' : 'paintings.book.submitBid')}
          </Button>
        </Box>
      </Box>
      {stepUp.dialogs}
    </>
  );
}
