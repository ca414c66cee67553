import { Alert, Checkbox, FormControlLabel, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { TInvestmentWarningCheck } from '@parcelle/shared/contracts/investor';
import { formatMoney } from '@parcelle/shared/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/language';

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
 * server records with the text's version.
 */
export function InvestmentWarning({ check, currency, accepted, onAccept, testId = 'investment-warning' }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid={testId}
      sx={{ mb: 3 }}
      role="region"
      aria-label={t('investorGate.warningTitle')}
    >
      <Typography sx={{ fontWeight: 500, mb: 1 }}>{t('investorGate.warningTitle')}</Typography>
      {check.threshold_minor !== null && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid={`${testId}-threshold`}>
          {t('investorGate.warningThreshold', { amount: formatMoney(check.threshold_minor, currency, language) })}
        </Typography>
      )}
      <Typography variant="body2" data-testid={`${testId}-text`}>
        {check.warning[language]}
      </Typography>
      <FormControlLabel
        sx={{ mt: 1.5, alignItems: 'flex-start' }}
        control={
          <Checkbox
            checked={accepted}
            onChange={(event) => onAccept(event.target.checked)}
            slotProps={{ input: { 'data-testid': `${testId}-accept` } as object }}
            sx={{ mt: -0.75 }}
          />
        }
        label={<Typography variant="body2">{t('investorGate.warningAccept')}</Typography>}
      />
    </Alert>
  );
}
