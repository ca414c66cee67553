import type { Currency } from '@parcelle/shared/constants';
import type { TInvestmentWarningCheck } from '@parcelle/shared/contracts/investor';
import { formatMoney } from '@parcelle/shared/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../feedback/PlainAlert';
import { CheckboxBox } from '../forms/PlainField';
import { useLanguage } from '../i18n/language';
import styles from './investment-warning.module.css';

type Props = {
  check: TInvestmentWarningCheck;
  currency: Currency;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  testId?: string;
};

/**
 * The per-investment warning (issue 30; Regulation (EU) 2020/1503 art. 21(7)): its text in the page's language, the
 * threshold it was crossed at, and the box the member ticks. The consent then travels with the purchase, which the
 * server records with the text's version. Plain elements (decision 558): MUI's outlined warning Alert, a region named
 * by its title, in the member area's purchase drawer and a work's order form and accept dialog alike.
 */
export function InvestmentWarning({ check, currency, accepted, onAccept, testId = 'investment-warning' }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const boxId = useId();
  return (
    <PlainAlert
      severity="warning"
      role="region"
      label={t('investorGate.warningTitle')}
      testId={testId}
      className={styles.warning}
    >
      <p className={styles.title}>{t('investorGate.warningTitle')}</p>
      {check.threshold_minor !== null && (
        <p className={styles.threshold} data-testid={`${testId}-threshold`}>
          {t('investorGate.warningThreshold', { amount: formatMoney(check.threshold_minor, currency, language) })}
        </p>
      )}
      <p className={styles.text} data-testid={`${testId}-text`}>
        {check.warning[language]}
      </p>
      <label className={styles.accept} htmlFor={boxId}>
        <CheckboxBox
          input={{
            id: boxId,
            checked: accepted,
            onChange: (event) => onAccept(event.target.checked),
            'data-testid': `${testId}-accept`,
          }}
        />
        <span className={styles.acceptText}>{t('investorGate.warningAccept')}</span>
      </label>
    </PlainAlert>
  );
}
