import type { TInvestorProfile } from '@parcelle/shared/contracts/investor';
import { INVESTOR_PAGE } from '@parcelle/shared/investor';
import { useTranslation } from 'react-i18next';
import { localized } from '../i18n/language';
import type { ApiError } from '../session/api-error';
import { StepPanel } from '../verification/StepPanel';

/** MUI's FactCheckOutlined icon. */
const FACT_CHECK =
  'M20 3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H4V5h16zM19.41 10.42 17.99 9l-3.17 3.17-1.41-1.42L12 12.16 14.82 15zM5 7h5v2H5zm0 4h5v2H5zm0 4h5v2H5z';

type Props = {
  /** The member's profile (GET /user/investor), when read. */
  profile?: TInvestorProfile;
  /** The gate's refusal, when that is what is known (403 with an investor step). */
  error?: ApiError | null;
  testId?: string;
  dense?: boolean;
};

/**
 * The investor onboarding a purchase waits for (issue 30): shown instead of the buy button, in the purchase drawer,
 * the order form and the acceptance of an offer, with the first missing step and a link to the page that resolves
 * it (the one the API's 403 names). Plain elements (decision 558), in the member area and a work's page alike.
 */
export function InvestorStep({ profile, error, testId = 'investor-step', dense = false }: Props) {
  const { t } = useTranslation();
  const step = profile?.missing[0] ?? error?.step ?? 'investor_knowledge_test';
  const page = error?.page?.startsWith('/') ? error.page : INVESTOR_PAGE;
  return (
    <StepPanel
      icon={FACT_CHECK}
      label={t('investorGate.label')}
      title={t(`investorGate.title.${step}`, { defaultValue: t('investorGate.title.investor_knowledge_test') })}
      text={error ? localized(error.error) : t('investorGate.why')}
      to={page}
      action={t('investorGate.action')}
      testId={testId}
      dense={dense}
      data={{ 'data-step': step }}
    />
  );
}
