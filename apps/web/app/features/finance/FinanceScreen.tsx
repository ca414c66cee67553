import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { formatMoney } from '@parcelle/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureText } from '../history/api';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { profileQuery } from '../session/profile';
import { useStoredSession } from '../session/use-session';
import { fonts, palette } from '../theme/theme';
import { AddMoneyDialog } from './AddMoneyDialog';
import { DepositCard, depositQuery } from './DepositCard';
import { FinanceTable } from './FinanceTable';
import { TopUpReturn } from './TopUpReturn';

const cardSx = {
  p: { xs: 3, md: 4 },
  borderColor: palette.line,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  minWidth: 0,
} as const;

function Cards({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const balance = profile.wallet_amount;
  const details = useQuery(depositQuery);
  const [adding, setAdding] = useState(false);
  /** A bank transfer chosen: the transfer details' card is brought into view and focused (its heading). */
  const showTransfer = () => {
    const title = document.getElementById('deposit-title');
    title?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    title?.focus({ preventScroll: true });
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        gap: 3,
        mb: 4,
      }}
    >
      <Paper
        variant="outlined"
        data-testid="finance-wallet"
        sx={{ ...cardSx, bgcolor: palette.ink, color: palette.paper, borderColor: palette.ink }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <AccountBalanceWalletOutlined sx={{ color: 'rgba(251, 249, 245, 0.7)' }} />
          <Typography variant="overline" component="h2" sx={{ color: 'rgba(251, 249, 245, 0.7)' }}>
            {t('finance.wallet.title')}
          </Typography>
        </Stack>
        <Typography
          sx={{ fontFamily: fonts.display, fontSize: { xs: 38, md: 46 }, lineHeight: 1.15 }}
          data-testid="finance-wallet-balance"
        >
          {formatMoney(balance.minor, balance.curr, language)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'rgba(251, 249, 245, 0.75)', flexGrow: 1 }}>
          {t('finance.wallet.text')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="contained"
            onClick={() => setAdding(true)}
            disabled={!details.data}
            data-testid="finance-add-money"
            sx={{
              bgcolor: palette.paper,
              color: palette.ink,
              '&:hover': { bgcolor: palette.wall },
              '&.Mui-disabled': { bgcolor: 'rgba(251, 249, 245, 0.4)', color: palette.ink },
            }}
          >
            {t('finance.wallet.addMoney')}
          </Button>
          <Button
            component={Link}
            to="/user/withdraw"
            variant="outlined"
            data-testid="finance-withdraw"
            sx={{
              color: palette.paper,
              borderColor: 'rgba(251, 249, 245, 0.6)',
              '&:hover': { borderColor: palette.paper, bgcolor: 'rgba(251, 249, 245, 0.08)' },
            }}
          >
            {t('finance.wallet.withdraw')}
          </Button>
        </Stack>
      </Paper>
      <DepositCard />
      {details.data && (
        <AddMoneyDialog
          open={adding}
          onClose={() => setAdding(false)}
          limits={details.data.top_up}
          verified={details.data.verified}
          onShowTransfer={showTransfer}
        />
      )}
    </Box>
  );
}

/**
 * /user/finance (spec §2): the wallet, "Add money" (card, PayPal or bank transfer) and the transfer details (issue 31),
 * then every money movement. The exchange partner's account had a card here that
 * showed a fixed zero and did nothing; issue 31 removed it until that account exists (a balance that is not one is
 * not a figure a member can trust).
 */
export function FinanceScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageMeta(t('finance.title'), t('finance.metaDescription'));
  const { token } = useStoredSession();
  const profile = useQuery({ ...profileQuery, enabled: Boolean(token) });

  return (
    <Box data-testid="finance-screen">
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('finance.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 5, maxWidth: 640 }}>
        {t('finance.intro')}
      </Typography>
      <TopUpReturn />
      {profile.data ? (
        <Cards profile={profile.data} />
      ) : profile.isError ? (
        <Alert severity="error" variant="outlined" sx={{ mb: 4 }} data-testid="finance-profile-error">
          {localized(failureText(profile.error), language)}
        </Alert>
      ) : (
        <Box
          aria-busy="true"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, mb: 4 }}
        >
          <Skeleton variant="rectangular" height={230} />
        </Box>
      )}
      <FinanceTable enabled={Boolean(token)} />
    </Box>
  );
}
