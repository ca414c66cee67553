import { formatPartsQuantity, partsLabel, purchaseTotalMinor } from '@parcelle/shared/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useContext, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityCheckCancelled } from '../account/cancelled';
import { useStepUp } from '../account/StepUp';
import { PAINTINGS_KEY } from '../catalogue/api';
import { PlainAlert } from '../feedback/PlainAlert';
import { Spinner } from '../feedback/Spinner';
import { PlainButton } from '../forms/PlainButton';
import { PlainTextField } from '../forms/PlainField';
import buttons from '../forms/plain-button.module.css';
import { localized, useLanguage } from '../i18n/language';
import { isInvestorStep, useInvestmentWarning } from '../investor/api';
import { InvestmentWarning } from '../investor/InvestmentWarning';
import { InvestorStep } from '../investor/InvestorStep';
import { ModalFrame } from '../layout/ModalFrame';
import { bookMoneyText, useBookMoney } from '../market-order/BookAmount';
import { HOLDINGS_KEY, LISTINGS_KEY } from '../portfolio/api';
import { apiRequest } from '../session/api';
import { errorText } from '../session/api-error';
import { isVerificationStep, useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';
import type { Chosen } from './BulletinBoard';
import { BookRate } from './book-cells';
import styles from './order-dialogs.module.css';

type Side = Chosen['side'];

/** The member takes parts of an ask (buys) or gives parts into a bid (sells): the API path of each. */
const acceptPath = (side: Side, reference: string) =>
  `/paintings/${side === 'ask' ? 'sale' : 'bids'}/${encodeURIComponent(reference)}/accept`;

/**
 * How many parts of the chosen order, what they cost or bring, and the confirmation: MUI's Dialog `maxWidth="xs"`
 * as plain elements on the browser's modal `<dialog>` (decision 557), under the code dialogs it opens (decision 549).
 */
export function AcceptDialog({
  chosen,
  onClose,
  onDone,
}: {
  chosen: Chosen;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const titleId = useId();
  const { side, order } = chosen;
  // Issue 31, one currency per screen: the order's price and the total in the member's currency at the day's rate,
  // the book's euros beside them (the board sits in the order book, which gives the rate).
  const money = useBookMoney(useContext(BookRate));
  const bookText = (minor: number) => bookMoneyText(money(minor), (amount) => t('marketOrder.inBook', { amount }));
  const [parts, setParts] = useState(String(order.quantity));
  const quantity = Number(parts);
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= order.quantity;
  // Issue 26: accepting moves money or parts: the wallet code (and the app's code when on), as a wallet purchase.
  const stepUp = useStepUp();
  const gate = useVerificationGate();
  // Issue 30: buying an ask above the member's threshold carries the per-investment warning's consent.
  const buyTotal = side === 'ask' && valid ? purchaseTotalMinor(order.price_per_part_minor, quantity) : null;
  const warning = useInvestmentWarning(buyTotal, 'EURO', side === 'ask');
  const warningCheck = side === 'ask' && warning.data?.required ? warning.data : null;
  const [warningAccepted, setWarningAccepted] = useState(false);
  const accept = useMutation({
    mutationFn: () =>
      stepUp.confirm((proof) =>
        apiRequest<unknown>(acceptPath(side, order.reference), {
          method: 'POST',
          body: {
            total_part: quantity,
            ...(warningCheck && warningAccepted
              ? { risk_warning_consent: { version: warningCheck.warning.version, language } }
              : {}),
            ...proof,
          },
        }),
      ),
    onSuccess: async (answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PAINTINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: HOLDINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: LISTINGS_KEY }),
      ]);
      onDone(localized(answer.message, language));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) accept.mutate();
  };
  const total = bookText(purchaseTotalMinor(order.price_per_part_minor, valid ? quantity : 0));
  // Issue 29: accepting moves money or parts; a member not yet verified is shown the identity step instead.
  const refused = accept.isError && isVerificationStep(accept.error) ? accept.error : null;
  const investorRefused = accept.isError && isInvestorStep(accept.error) ? accept.error : null;
  const blocked = (gate.status && gate.gated) || refused || investorRefused;
  return (
    <ModalFrame
      open
      onClose={onClose}
      busy={accept.isPending}
      className={`${styles.frame} ${styles.xs}`}
      labelledBy={titleId}
      testId="board-dialog"
    >
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className={styles.title}>
          {t(side === 'ask' ? 'paintings.board.buyTitle' : 'paintings.board.sellTitle')}
        </h2>
        <div className={styles.acceptContent}>
          <p className={styles.muted}>
            {t('paintings.board.orderLine', {
              parts: formatPartsQuantity(order.quantity, language),
              price: bookText(order.price_per_part_minor),
            })}
          </p>
          {investorRefused && !refused && !gate.gated ? (
            <InvestorStep error={investorRefused} testId="board-investor-step" dense />
          ) : blocked ? (
            <VerificationStep
              state={gate.gated ? gate.status?.state : undefined}
              error={refused}
              testId="board-verification-step"
              dense
            />
          ) : (
            <PlainTextField
              control={{ value: parts, onChange: (event) => setParts(event.target.value.replace(/\D/g, '')) }}
              label={t('paintings.book.parts')}
              error={valid ? undefined : t('paintings.board.partsHelp', { max: partsLabel(order.quantity, language) })}
              help={t('paintings.board.partsHelp', { max: partsLabel(order.quantity, language) })}
              testId="board-parts"
              input={{ inputMode: 'numeric' }}
              required
            />
          )}
          {!blocked && (
            <p className={styles.body1} data-testid="board-total">
              {t(side === 'ask' ? 'paintings.board.paid' : 'paintings.board.received', { total })}
            </p>
          )}
          {!blocked && warningCheck && (
            <InvestmentWarning
              check={warningCheck}
              currency="EURO"
              accepted={warningAccepted}
              onAccept={setWarningAccepted}
              testId="board-investment-warning"
            />
          )}
          {accept.isError && !refused && !investorRefused && !(accept.error instanceof IdentityCheckCancelled) && (
            <PlainAlert severity="error" testId="board-error">
              {localized(errorText(accept.error), language)}
            </PlainAlert>
          )}
        </div>
        <div className={`${styles.actions} ${styles.acceptActions}`}>
          <PlainButton type="button" className={buttons.text} onClick={onClose} disabled={accept.isPending}>
            {t('paintings.book.cancel')}
          </PlainButton>
          {!blocked && (
            <PlainButton
              type="submit"
              disabled={!valid || accept.isPending || Boolean(warningCheck && !warningAccepted)}
              data-testid="board-confirm"
            >
              {accept.isPending && <Spinner size={16} className={styles.startIcon} />}
              {t(side === 'ask' ? 'paintings.board.confirmBuy' : 'paintings.board.confirmSell')}
            </PlainButton>
          )}
        </div>
      </form>
      {stepUp.dialogs}
    </ModalFrame>
  );
}
