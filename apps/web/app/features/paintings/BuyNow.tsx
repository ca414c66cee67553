import { buyNowAction } from '@parcelle/shared/buy-now';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { MARKET } from '@parcelle/shared/market';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { BUY_BAR_ATTRIBUTE, islandProps, MEMBER_ACTION_ATTRIBUTE, useInDocument } from '../../document/document';
import { PlainButton } from '../forms/PlainButton';
import { useCurrency } from '../preferences/currency';
import { useSession } from '../session/use-session';
import styles from './buy-now.module.css';

/**
 * The secondary market's dialog (spec §4) and the member's offer it loads: fetched when the button is first pointed
 * at, focused or pressed, not with the page (issue 14).
 */
const loadSecondaryOfferDialog = () => import('./SecondaryOfferDialog');
const SecondaryOfferDialog = lazy(() =>
  loadSecondaryOfferDialog().then((module) => ({ default: module.SecondaryOfferDialog })),
);

/** The room a page keeps free under its end for the pinned bar, on a phone's layout (its height: buy-now.module.css). */
export function BuyBarRoom() {
  return <div aria-hidden className={styles.room} />;
}

/** The form of the page's "Buy now": the pinned bar's button submits it too (`form`), so both do the same. */
export const BUY_FORM_ID = 'buy-now-form';

/**
 * The "Buy now" button and what it says when it cannot be used (rules in @parcelle/shared/buy-now). `notOpenYet`,
 * the id of the text giving the opening date, disables it until the primary sale opens (issue 15).
 *
 * The button submits a GET form (decision 454), so that it works in a document, where no script runs before a visitor
 * acts: the form leads a guest to /login; for a member the document runtime gives it the member's address (/buy with
 * the work in its query, as `buyPath` writes it) or, on the secondary market, hands the submit to the `buy` island,
 * which opens the dialog. In the app the submit is taken in place and does the same.
 */
export function BuyNow({
  painting,
  baseUrl,
  notOpenYet,
  sticky = false,
  hidden = false,
}: {
  painting: TPaintingDetail;
  baseUrl: string;
  notOpenYet?: string;
  /**
   * The copy pinned to the bottom of small screens while the page's own button is out of sight (issue 17): the
   * same action, nothing when it cannot be used (the reason is beside the page's button).
   */
  sticky?: boolean;
  /** The pinned copy while the page's button is in sight (a document sends it hidden; the runtime shows it). */
  hidden?: boolean;
}) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const currency = useCurrency();
  const location = useLocation();
  const navigate = useNavigate();
  const inDocument = useInDocument();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from the first opening on, so that it fades out when closed like any dialog.
  const [dialogShown, setDialogShown] = useState(false);
  const input = {
    market: painting.market,
    totalParts: painting.total_part,
    soldParts: painting.sold_out_part,
    currency,
    paintingId: painting.id,
    pathname: location.pathname,
    painting,
    baseUrl,
  };
  const action = buyNowAction({ ...input, signedIn });
  // The form says both a guest's and a member's way: the server renders for a guest, the runtime knows the session.
  const forGuest = buyNowAction({ ...input, signedIn: false });
  const forMember = buyNowAction({ ...input, signedIn: true });
  const [memberPath, memberQuery = ''] = forMember.kind === 'buy' ? forMember.to.split('?') : [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (action.kind === 'login') navigate(action.to, { state: action.state });
    else if (action.kind === 'buy') navigate(action.to, { state: action.state });
    else if (action.kind === 'secondary-dialog') {
      setDialogShown(true);
      setDialogOpen(true);
    }
  };
  const waiting = notOpenYet !== undefined && action.kind !== 'disabled';
  const disabled = action.kind === 'disabled' || waiting;
  const reasonId = 'buy-now-reason';
  const describedBy = waiting
    ? `${notOpenYet} ${reasonId}`
    : disabled || painting.market === MARKET.secondary
      ? reasonId
      : undefined;

  if (sticky && disabled) return null;
  const formProps =
    !sticky && forGuest.kind === 'login'
      ? {
          id: BUY_FORM_ID,
          method: 'get',
          action: forGuest.to,
          onSubmit,
          ...(memberPath ? { [MEMBER_ACTION_ATTRIBUTE]: memberPath } : {}),
          ...(forMember.kind === 'secondary-dialog' ? islandProps(inDocument, 'buy') : {}),
          'data-painting-id': painting.id,
        }
      : undefined;
  const bar = sticky ? { hidden, ...(inDocument ? { [BUY_BAR_ATTRIBUTE]: '' } : {}) } : {};
  // A form when it leads somewhere (the page's own button), else a plain block (the pinned copy submits that form).
  const Frame = formProps ? 'form' : 'div';

  return (
    <Frame
      {...formProps}
      {...bar}
      className={sticky ? styles.bar : undefined}
      data-testid={sticky ? 'buy-now-bar' : undefined}
    >
      {/* A member's query, sent once the runtime (or nothing: the app submits in place) enables it. */}
      {!sticky &&
        memberPath &&
        [...new URLSearchParams(memberQuery)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} disabled />
        ))}
      <PlainButton
        size="large"
        className={sticky ? `${styles.button} ${styles.stickyButton}` : styles.button}
        type="submit"
        form={sticky ? BUY_FORM_ID : undefined}
        data-testid={sticky ? 'buy-now-sticky' : 'buy-now'}
        disabled={disabled}
        aria-describedby={sticky ? undefined : describedBy}
        onPointerEnter={action.kind === 'secondary-dialog' ? loadSecondaryOfferDialog : undefined}
        onFocus={action.kind === 'secondary-dialog' ? loadSecondaryOfferDialog : undefined}
      >
        {action.kind === 'disabled' && action.reason === 'sold-out'
          ? t('paintings.buy.soldOut')
          : t('paintings.buy.button')}
      </PlainButton>
      {!sticky && action.kind === 'disabled' && (
        <p id={reasonId} data-testid="buy-now-reason" className={styles.reason}>
          {t(action.reason === 'sold-out' ? 'paintings.buy.soldOutReason' : 'paintings.buy.notBuyableReason')}
        </p>
      )}
      {!sticky && waiting && (
        <p id={reasonId} data-testid="buy-now-reason" className={styles.reason}>
          {t('paintings.sale.notOpenReason')}
        </p>
      )}
      {!sticky && !disabled && painting.market === MARKET.secondary && (
        <p id={reasonId} className={styles.reason}>
          {t('paintings.buy.secondaryNote')}
        </p>
      )}
      {dialogShown && action.kind === 'secondary-dialog' && (
        <Suspense fallback={null}>
          <SecondaryOfferDialog
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
            painting={painting}
            baseUrl={baseUrl}
            currency={currency}
            buyTo={action.buyTo}
            marketTo={action.to}
          />
        </Suspense>
      )}
    </Frame>
  );
}
