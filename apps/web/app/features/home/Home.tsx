import { Alert, Container } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type HomeData, useHomeContent } from '../catalogue/api';
import { PAGE_WIDTH } from '../layout/page-width';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { FeaturedWorks } from './FeaturedWorks';
import { HomeFigures } from './HomeFigures';
import { HomeHero } from './HomeHero';
import { HowItWorks } from './HowItWorks';
import { JoinBand } from './JoinBand';
import { MarketStatistics } from './MarketStatistics';

/** The hero shows a work on offer when there is one (market 2), else the newest work. */
function heroWork(featured: HomeData['featured'] | undefined) {
  return featured?.find((painting) => painting.market === 2) ?? featured?.[0];
}

/** Home (spec §2): hero with a work, the figures boxes, how it works, works on offer, art-market statistics. */
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
        <Container maxWidth={false} sx={PAGE_WIDTH}>
          <Alert severity="warning" data-testid="home-error">
            {t('home.error')}
          </Alert>
        </Container>
      )}
      <HomeFigures data={data} />
      <HowItWorks />
      <FeaturedWorks featured={data?.featured} baseUrl={data?.base_url ?? ''} />
      <MarketStatistics statistics={data?.statistics} />
      <JoinBand />
    </>
  );
}
