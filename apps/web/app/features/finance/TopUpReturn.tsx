import { Alert, CircularProgress } from '@mui/material';
import type { TTopUp } from '@parcelle/shared/contracts/deposits';
import { formatMoney } from '@parcelle/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../i18n/language';
import { STRIPE_RETURN_PARAMS, stripeReturnOf } from '../purchase/stripe-return';
import { ApiError } from '../session/api-error';
import { POLL } from '../session/poll';
import { PROFILE_KEY } from '../session/profile';
import { FINANCE_KEY } from './api';
import { depositQuery } from './DepositCard';
import { TOP_UP_RETURN_PARAM, waitUntilCredited } from './top-up-api';

/** What the page says after Stripe sent the member back: waiting, then the server's answer. */
type Outcome =
  | { kind: 'confirming' }
  | { kind: 'credited'; topUp: TTopUp }
  | { kind: 'declined' }
  /** Stripe said the redirect failed and no decision came in time: nothing was added. */
  | { kind: 'failed' }
  /** Not one of the member's top-ups (another member's, a mistyped or an old address): nothing to wait for. */
  | { kind: 'unknown' }
  /** No decision in time, or the server could not be asked: the credit and its notice still come if paid. */
  | { kind: 'late' };

type Returned = { id: string; redirectStatus: string | null };

/** The top-up named on Stripe's return address, or null when the page was not opened by such a return. */
function returnedTopUp(search: URLSearchParams): Returned | null {
  const id = search.get(TOP_UP_RETURN_PARAM);
  const stripe = stripeReturnOf(search);
  return id && stripe ? { id, redirectStatus: stripe.redirectStatus } : null;
}

function outcomeOf(failure: unknown, returned: Returned): Outcome {
  if (failure instanceof ApiError && failure.status === 402) return { kind: 'declined' };
  if (failure instanceof ApiError && (failure.status === 404 || failure.status === 400)) return { kind: 'unknown' };
  return returned.redirectStatus === 'failed' ? { kind: 'failed' } : { kind: 'late' };
}

/**
 * The return from a card top-up whose 3-D Secure left the site (issue 31): Stripe sends the member back to the finance
 * page with the top-up's id (the return address AddMoneyDialog gives) and its own parameters. The address is cleaned
 * at once (a reload does not resume twice), then the page waits for the server to credit the top-up, as the card form
 * does when no redirect happens. Only the server's state counts: `redirect_status` only chooses the words when nothing
 * was decided in time.
 */
export function TopUpReturn() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [returned] = useState(() => returnedTopUp(search));
  const [outcome, setOutcome] = useState<Outcome | null>(returned ? { kind: 'confirming' } : null);

  const leftInAddress = [TOP_UP_RETURN_PARAM, ...STRIPE_RETURN_PARAMS].some((name) => search.has(name));
  useEffect(() => {
    if (!leftInAddress) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of [TOP_UP_RETURN_PARAM, ...STRIPE_RETURN_PARAMS]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [leftInAddress, setSearch]);

  useEffect(() => {
    if (!returned) return;
    const leaving = new AbortController();
    waitUntilCredited(returned.id, POLL, leaving.signal)
      .then((topUp) => {
        setOutcome({ kind: 'credited', topUp });
        void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
        void queryClient.invalidateQueries({ queryKey: FINANCE_KEY });
        void queryClient.invalidateQueries({ queryKey: depositQuery.queryKey });
      })
      .catch((failure: unknown) => {
        if (!leaving.signal.aborted) setOutcome(outcomeOf(failure, returned));
      });
    return () => leaving.abort();
  }, [returned, queryClient]);

  if (!outcome) return null;
  if (outcome.kind === 'confirming') {
    return (
      <Alert
        severity="info"
        variant="outlined"
        role="status"
        icon={<CircularProgress size={18} color="inherit" />}
        sx={{ mb: 4 }}
        data-testid="top-up-return"
        data-outcome="confirming"
      >
        {t('finance.topUpReturn.confirming')}
      </Alert>
    );
  }
  const refused = outcome.kind === 'declined' || outcome.kind === 'failed';
  const text =
    outcome.kind === 'credited'
      ? t(`finance.addMoney.done.${outcome.topUp.method}`, {
          amount: formatMoney(outcome.topUp.amount_minor, outcome.topUp.currency, language),
        })
      : t(`finance.topUpReturn.${outcome.kind}`);
  return (
    <Alert
      severity={outcome.kind === 'credited' ? 'success' : refused ? 'error' : 'info'}
      variant="outlined"
      role={refused ? 'alert' : 'status'}
      onClose={() => setOutcome(null)}
      closeText={t('finance.topUpReturn.dismiss')}
      sx={{ mb: 4 }}
      data-testid="top-up-return"
      data-outcome={outcome.kind}
    >
      {text}
    </Alert>
  );
}
