import { Box, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ExitVoteCards } from '../exits/ExitVoteCards';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { ProvisionalPurchases } from '../reflection/ProvisionalPurchases';
import { useStoredSession } from '../session/use-session';
import { refreshAfterListingChange, type THolding } from './api';
import { HoldingsChart } from './HoldingsChart';
import { HoldingsTable } from './HoldingsTable';
import { MyListings } from './MyListings';
import { PerformancePanel } from './PerformancePanel';
import { SellFlow } from './SellFlow';
import { SummaryCards } from './SummaryCards';
import { YearlyStatement } from './YearlyStatement';

/** Navigation state /user/history reads to open a tab (spec §2: History goes to the Artwork tab). */
export type HistoryLocationState = { tab: 'ARTWORK' };

/** The table's page and the sell flow, shared by both screens. */
function useHoldingsPage() {
  const queryClient = useQueryClient();
  // Counted up after a sale: the tables go back to their first page.
  const [version, setVersion] = useState(0);
  const [selling, setSelling] = useState<{ holding: THolding; baseUrl: string } | null>(null);
  return {
    resetKey: String(version),
    sell: (holding: THolding, baseUrl: string) => setSelling({ holding, baseUrl }),
    flow: (
      <SellFlow
        holding={selling?.holding ?? null}
        baseUrl={selling?.baseUrl ?? ''}
        onClose={() => setSelling(null)}
        onSold={() => {
          // Spec §4: the dialog closes, the list returns to page 1; the cards, the chart and the listings follow
          // (the new listing, newest first, opens the first page of the parts for sale).
          setSelling(null);
          setVersion((current) => current + 1);
          void refreshAfterListingChange(queryClient);
        }}
      />
    ),
  };
}

function Heading({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 5, maxWidth: 640 }}>
        {intro}
      </Typography>
    </>
  );
}

/**
 * /user/portfolio (spec §2): the four summary cards, the true numbers (issue 17), the value history, the works held
 * with Sell, and the yearly statement.
 */
export function PortfolioScreen() {
  const { t } = useTranslation();
  usePageMeta(t('portfolio.title'), t('portfolio.metaDescription'));
  const currency = useCurrency();
  const { token } = useStoredSession();
  const enabled = Boolean(token);
  const page = useHoldingsPage();
  return (
    <Box data-testid="portfolio-screen">
      <Heading title={t('portfolio.title')} intro={t('portfolio.intro')} />
      <Box
        component="nav"
        aria-label={t('portfolio.links.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, mt: -3, mb: 4 }}
      >
        <Link component={RouterLink} to="/user/parts" data-testid="portfolio-link-parts">
          {t('portfolio.links.parts')}
        </Link>
        <Link component={RouterLink} to="/user/market" data-testid="portfolio-link-market">
          {t('portfolio.links.market')}
        </Link>
      </Box>
      <Stack spacing={4}>
        <ExitVoteCards enabled={enabled} />
        <ProvisionalPurchases enabled={enabled} />
        <SummaryCards currency={currency} enabled={enabled} />
        <PerformancePanel currency={currency} enabled={enabled} />
        <HoldingsChart currency={currency} enabled={enabled} kind="value" testId="portfolio-chart" />
        <HoldingsTable
          variant="portfolio"
          resetKey={page.resetKey}
          currency={currency}
          enabled={enabled}
          onSell={page.sell}
        />
        <YearlyStatement currency={currency} />
      </Stack>
      {page.flow}
    </Box>
  );
}

/**
 * /user/parts (spec §2 My parts): the index evolution and the works held, with Sell and History; below them the
 * member's parts for sale, each of which can be withdrawn.
 */
export function PartsScreen() {
  const { t } = useTranslation();
  usePageMeta(t('portfolio.parts.title'), t('portfolio.parts.metaDescription'));
  const currency = useCurrency();
  const navigate = useNavigate();
  const { token } = useStoredSession();
  const enabled = Boolean(token);
  const page = useHoldingsPage();
  return (
    <Box data-testid="parts-screen">
      <Heading title={t('portfolio.parts.title')} intro={t('portfolio.parts.intro')} />
      <Stack spacing={4}>
        <HoldingsChart currency={currency} enabled={enabled} kind="index" testId="parts-chart" />
        <HoldingsTable
          variant="parts"
          resetKey={page.resetKey}
          currency={currency}
          enabled={enabled}
          onSell={page.sell}
          onHistory={() => navigate('/user/history', { state: { tab: 'ARTWORK' } satisfies HistoryLocationState })}
        />
        <MyListings resetKey={page.resetKey} enabled={enabled} />
      </Stack>
      {page.flow}
    </Box>
  );
}
