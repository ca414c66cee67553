import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../layout/use-page-meta';
import { useStoredSession } from '../session/use-session';
import { MarketTable } from './MarketTable';

/**
 * /user/market (spec §2 Market): the primary table (its first page of 6) and the secondary table (6 per page,
 * previous and next). Each row's "Details" opens /user/market/primary-market with the row in navigation state.
 */
export function MarketScreen() {
  const { t } = useTranslation();
  usePageMeta(t('memberMarket.title'), t('memberMarket.metaDescription'));
  const { token } = useStoredSession();

  return (
    <Box data-testid="member-market-screen">
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('memberMarket.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 5, maxWidth: 640 }}>
        {t('memberMarket.intro')}
      </Typography>
      <Stack spacing={4}>
        <MarketTable type="primary" paged={false} enabled={Boolean(token)} />
        <MarketTable type="secondary" paged enabled={Boolean(token)} />
      </Stack>
    </Box>
  );
}
