import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { HISTORY_TYPES, type HistoryType } from '@parcelle/shared/contracts/member-area';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { usePageMeta } from '../layout/use-page-meta';
import { ProvisionalPurchases } from '../reflection/ProvisionalPurchases';
import { useStoredSession } from '../session/use-session';
import { palette, visuallyHidden } from '../theme/theme';
import { ArtworkHistory } from './ArtworkHistory';
import { DownloadButtons } from './DownloadButtons';
import { HistoryTable } from './HistoryTable';

/** Navigation state of /user/history: My parts' History button sends `{ tab: 'ARTWORK' }` (spec §2). */
export type HistoryLocationState = { tab?: HistoryType };

const asType = (value: unknown): HistoryType | undefined => {
  if (typeof value !== 'string') return undefined;
  const upper = value.toUpperCase();
  return (HISTORY_TYPES as readonly string[]).includes(upper) ? (upper as HistoryType) : undefined;
};

/** The tab shown: `?tab=` (kept for reload and back), else the navigation state, else Purchase. */
export function initialTab(search: URLSearchParams, state: unknown): HistoryType {
  return asType(search.get('tab')) ?? asType((state as HistoryLocationState | null)?.tab) ?? 'PURCHASE';
}

/** /user/history (spec §2): Purchase, Sale, Dividend and Artwork tabs, each with its statement to download. */
export function HistoryScreen() {
  const { t } = useTranslation();
  usePageMeta(t('history.title'), t('history.metaDescription'));
  const { token } = useStoredSession();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const tab = initialTab(search, location.state);
  const titleId = `history-tab-title`;

  const choose = (next: HistoryType) => {
    if (next === tab) return;
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set('tab', next.toLowerCase());
      return params;
    });
  };

  return (
    <Box data-testid="history-screen">
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('history.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 4, maxWidth: 640 }}>
        {t('history.intro')}
      </Typography>
      {tab === 'PURCHASE' && (
        <Box sx={{ mb: 4 }}>
          <ProvisionalPurchases enabled={Boolean(token)} />
        </Box>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{
          alignItems: { xs: 'stretch', sm: 'flex-end' },
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
          borderBottom: `1px solid ${palette.line}`,
        }}
      >
        <Tabs
          value={tab}
          onChange={(_, value: HistoryType) => choose(value)}
          variant="scrollable"
          scrollButtons={false}
          aria-label={t('history.tabsLabel')}
          sx={{ minHeight: 44, '& .MuiTab-root': { minHeight: 44, minWidth: 0, px: { xs: 1.5, md: 2.5 } } }}
        >
          {HISTORY_TYPES.map((type) => (
            <Tab
              key={type}
              value={type}
              label={t(`history.tabs.${type}`)}
              id={`history-tab-${type.toLowerCase()}`}
              aria-controls="history-panel"
              data-testid={`history-tab-${type.toLowerCase()}`}
            />
          ))}
        </Tabs>
        <Box sx={{ pb: { xs: 2, sm: 1 } }}>
          <DownloadButtons type={tab} />
        </Box>
      </Stack>
      <Box role="tabpanel" id="history-panel" aria-labelledby={`history-tab-${tab.toLowerCase()}`}>
        <Typography id={titleId} variant="h5" component="h2" sx={visuallyHidden}>
          {t(`history.tabs.${tab}`)}
        </Typography>
        {tab === 'ARTWORK' ? (
          <ArtworkHistory enabled={Boolean(token)} />
        ) : (
          <HistoryTable key={tab} type={tab} enabled={Boolean(token)} labelledBy={titleId} />
        )}
      </Box>
    </Box>
  );
}
