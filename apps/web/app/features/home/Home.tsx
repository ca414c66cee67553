import { MARKET } from '@parcelle/shared/market';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type HomeData, useHomeContent } from '../catalogue/api';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { FeaturedWorks } from './FeaturedWorks';
import { HomeFigures } from './HomeFigures';
import { HomeHero } from './HomeHero';
import { HowItWorks } from './HowItWorks';
import styles from './home.module.css';
import { JoinBand } from './JoinBand';
import { MarketStatistics } from './MarketStatistics';

// Shown only when the home's read fails: not part of the first load (issue 14).
const Alert = lazy(() => import('@mui/material/Alert'));

/** The hero shows a work on offer when there is one (market 2), else the newest work. */
export function heroWork(featured: HomeData['featured'] | undefined) {
  return featured?.find((painting) => painting.market === MARKET.primary) ?? featured?.[0];
}

/**
 * Home (spec §2): hero with a work, the figures boxes, how it works, works on offer, art-market statistics. Plain
 * elements on CSS Modules (decision 525): the document carries none of emotion's styles.
 */
export function Home() {
  const { t } = useTranslation();
  usePageMeta(t('common.tagline'), t('home.metaDescription'));
  const currency = useCurrency();
  const home = useHomeContent(currency);
  const data = home.data;
  return (
    <>
      <HomeHero featured={heroWork(data?.featured)} baseUrl={data?.base_url ?? ''} loading={home.isPending} />
      {home.isError && (
        <div className={styles.page}>
          <Suspense fallback={null}>
            <Alert severity="warning" data-testid="home-error">
              {t('home.error')}
            </Alert>
          </Suspense>
        </div>
      )}
      <HomeFigures data={data} />
      <HowItWorks />
      <FeaturedWorks featured={data?.featured} baseUrl={data?.base_url ?? ''} />
      {/* Part of the route, not a lazy chunk (decision 527): the charts' stylesheet is then linked by the home's
          document, and their drawing is already a chunk of its own (charts/YearChart.tsx). */}
      <MarketStatistics statistics={data?.statistics} />
      <JoinBand />
    </>
  );
}
