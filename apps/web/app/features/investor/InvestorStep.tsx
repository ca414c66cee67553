import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Box, Button, Typography } from '@mui/material';
import type { TInvestorProfile } from '@parcelle/shared/contracts/investor';
import { INVESTOR_PAGE } from '@parcelle/shared/investor';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localized } from '../i18n/language';
import type { ApiError } from '../session/api-error';
import { palette } from '../theme/theme';

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
 * it (the one the API's 403 names).
 */
export function InvestorStep({ profile, error, testId = 'investor-step', dense = false }: Props) {
  const { t } = useTranslation();
  const step = profile?.missing[0] ?? error?.step ?? 'investor_knowledge_test';
  const page = error?.page?.startsWith('/') ? error.page : INVESTOR_PAGE;
  return (
    <Box
      role="region"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      data-step={step}
      sx={{
        border: `1px solid ${palette.accent}`,
        bgcolor: palette.paper,
        p: dense ? 2.5 : { xs: 2.5, sm: 3 },
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 1,
      }}
    >
      <FactCheckOutlined aria-hidden="true" sx={{ color: palette.accent, mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" sx={{ color: palette.accentDark, lineHeight: 1.6 }}>
          {t('investorGate.label')}
        </Typography>
        <Typography id={`${testId}-title`} component="p" sx={{ fontWeight: 500, fontSize: 17, mb: 0.75 }}>
          {t(`investorGate.title.${step}`, { defaultValue: t('investorGate.title.investor_knowledge_test') })}
        </Typography>
        <Typography variant="body2" sx={{ color: palette.muted }} data-testid={`${testId}-text`}>
          {error ? localized(error.error) : t('investorGate.why')}
        </Typography>
        <Button
          component={Link}
          to={page}
          variant="contained"
          sx={{ mt: 2, minHeight: 44 }}
          data-testid={`${testId}-link`}
        >
          {t('investorGate.action')}
        </Button>
      </Box>
    </Box>
  );
}
