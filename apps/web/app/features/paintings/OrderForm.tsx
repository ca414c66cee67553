import { BID_EXPIRY_DAYS_DEFAULT, BID_EXPIRY_DAYS_MAX } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { TBidPlaced, TOrderBook, TSalePlaced } from '@parcelle/shared/contracts/orderbook';
import { type OrderOutcome, orderOutcome } from '@parcelle/shared/market-order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityCheckCancelled } from '../account/cancelled';
import { useStepUp } from '../account/StepUp';
import { PAINTINGS_KEY } from '../catalogue/api';
import { PlainAlert } from '../feedback/PlainAlert';
import { PlainButton } from '../forms/PlainButton';
import { PlainTextField } from '../forms/PlainField';
import { PlainRadioRow } from '../forms/PlainRadioRow';
import { localized, useLanguage } from '../i18n/language';
import { isInvestorStep, useInvestmentWarning } from '../investor/api';
import { InvestmentWarning } from '../investor/InvestmentWarning';
import { InvestorStep } from '../investor/InvestorStep';
import { OrderFields, OrderQuoteSummary } from '../market-order/OrderFields';
import { OrderOutcomeNotice } from '../market-order/OrderOutcome';
import { priceText, useOrderDraft } from '../market-order/use-order-draft';
import { HOLDINGS_KEY, LISTINGS_KEY } from '../portfolio/api';
import { apiRequest } from '../session/api';
import { errorText } from '../session/api-error';
import { isVerificationStep, useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';
import styles from './order-form.module.css';

/*
 * The order form of a work's book, for signed-in members only: its own module, fetched when a member's page shows it,
 * so a visitor's painting page loads no text field (issue 14). Plain elements on a CSS Module (decision 557): a
 * member's work page loads no MUI.
 */

type Side = 'ask' | 'bid';

/** A member's ask (parts they hold, at a price) or bid (parts they want, funds held from the EUR wallet). */
export function OrderForm({ painting, book }: { painting: TPaintingDetail; book: TOrderBook }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const id = useId();
  const [side, setSide] = useState<Side>('bid');
  const [days, setDays] = useState(String(BID_EXPIRY_DAYS_DEFAULT));
  const [done, setDone] = useState<{ side: Side; outcome: OrderOutcome; priceMinor: number } | null>(null);
  // Issue 31: the same parts, price, bounds, fees and proceeds as "Sell" on My parts (market-order/).
  const range = { min: book.min_price_minor, max: book.max_price_minor };
  const draft = useOrderDraft({ side, range, defaultPrice: priceText(book.reference_price_minor) });
  const quote = draft.quote.state === 'ready' ? draft.quote : null;
  // Issue 26: an order moves money or parts, so it is confirmed with the wallet code (and the app's code when on).
  const stepUp = useStepUp();
  const gate = useVerificationGate();
  // Issue 30: a bid above the member's threshold carries the per-investment warning's consent.
  const bidTotal = side === 'bid' && quote ? quote.netMinor : null;
  const warning = useInvestmentWarning(bidTotal, 'EURO', side === 'bid');
  const warningCheck = side === 'bid' && warning.data?.required ? warning.data : null;
  const [warningAccepted, setWarningAccepted] = useState(false);
  const place = useMutation({
    mutationFn: async (order: NonNullable<typeof quote>) => {
      const answer = await stepUp.confirm((proof) => {
        const body = {
          painting_id: painting.id,
          total_part: order.parts,
          price_per_part_minor: order.unitPriceMinor,
          ...proof,
        };
        if (side === 'ask') return apiRequest<TSalePlaced | TBidPlaced>('/paintings/sale', { method: 'POST', body });
        const consent =
          warningCheck && warningAccepted
            ? { risk_warning_consent: { version: warningCheck.warning.version, language } }
            : {};
        return apiRequest<TSalePlaced | TBidPlaced>('/paintings/bids', {
          method: 'POST',
          body: { ...body, expires_in_days: Number(days), ...consent },
        });
      });
      return { order, trades: answer.data.trades };
    },
    onSuccess: async ({ order, trades }) => {
      setDone({ side, outcome: orderOutcome(order.parts, trades), priceMinor: order.unitPriceMinor });
      draft.setParts('');
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
    const order = draft.check();
    if (order) place.mutate(order);
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
      <form onSubmit={submit} aria-labelledby={`${id}-title`} className={styles.form}>
        <h3 id={`${id}-title`} className={styles.title}>
          {t('paintings.book.placeTitle')}
        </h3>
        <PlainRadioRow
          label={t('paintings.book.side')}
          value={side}
          onChange={setSide}
          options={[
            { value: 'bid', label: t('paintings.book.buy'), testId: 'order-side-bid' },
            { value: 'ask', label: t('paintings.book.sell'), testId: 'order-side-ask' },
          ]}
        />
        <OrderFields draft={draft} range={range} disabled={place.isPending} testIdPrefix="order" />
        {side === 'bid' && (
          <PlainTextField
            control={{ value: days, onChange: (event) => setDays(event.target.value.replace(/\D/g, '')) }}
            label={t('paintings.book.expiry')}
            help={t('paintings.book.expiryHelp', { max: BID_EXPIRY_DAYS_MAX, count: BID_EXPIRY_DAYS_MAX })}
            testId="order-expiry"
            input={{ inputMode: 'numeric' }}
            className={styles.expiry}
          />
        )}
        <OrderQuoteSummary draft={draft} rate={book.eur_usd_rate} testIdPrefix="order" />
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
          <PlainAlert severity="error" testId="order-error">
            {localized(errorText(place.error), language)}
          </PlainAlert>
        )}
        {done && (
          <OrderOutcomeNotice
            side={done.side}
            outcome={done.outcome}
            orderPriceMinor={done.priceMinor}
            rate={book.eur_usd_rate}
            testId="order-done"
          />
        )}
        <div>
          <PlainButton
            type="submit"
            disabled={place.isPending || Boolean(warningCheck && !warningAccepted)}
            data-testid="order-submit"
          >
            {t(side === 'ask' ? 'paintings.book.submitAsk' : 'paintings.book.submitBid')}
          </PlainButton>
        </div>
      </form>
      {stepUp.dialogs}
    </>
  );
}
