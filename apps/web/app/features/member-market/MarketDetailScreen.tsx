import { Alert, Box, Button, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { MARKET } from '@parcelle/shared/market';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { usePaintingDetail } from '../catalogue/api';
import { formatAmount, formatCount, lifeYears, mediaUrl } from '../catalogue/format';
import { artistPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { BuyNow } from '../paintings/BuyNow';
import { Documents } from '../paintings/Documents';
import { EvolutionChart } from '../paintings/EvolutionChart';
import { Gallery } from '../paintings/Gallery';
import { AvailabilityBar, Fact, PriceChange } from '../paintings/ui';
import { useCurrency } from '../preferences/currency';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import type { MemberMarketRow } from './api';
import { formatTotalPrice } from './format';
import { detailStateOf, headingKeyOf, MEMBER_MARKET_PATH } from './state';

const TWO_COLUMNS = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 6fr) minmax(0, 5fr)' },
  gap: { xs: 5, lg: 7 },
} as const;

function Detail({
  painting,
  record,
  baseUrl,
}: {
  painting: TPaintingDetail;
  record: MemberMarketRow;
  baseUrl: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(painting.title, language);
  const keys = painting.images.length > 0 ? painting.images : [painting.cover_img];
  const images = [...new Set(keys.map((key) => mediaUrl(baseUrl, key)).filter((url): url is string => Boolean(url)))];
  const life = lifeYears(painting.artist.life_dates, (year) => t('paintings.detail.born', { year }));

  return (
    <>
      <Box sx={TWO_COLUMNS}>
        <Box sx={{ alignSelf: 'start' }}>
          <Gallery images={images} title={title} />
        </Box>
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
            <MuiLink
              component={Link}
              to={artistPath(painting.artist.id)}
              data-testid="member-painting-artist"
              sx={{ color: palette.accentDark, fontWeight: 500, letterSpacing: '0.04em' }}
            >
              {painting.artist.name}
            </MuiLink>
            {life && (
              <Typography component="span" variant="body2" sx={{ color: palette.muted }}>
                {life}
              </Typography>
            )}
          </Box>
          <Typography variant="h3" component="h2" data-testid="member-painting-title" sx={{ mt: 1.5, mb: 3 }}>
            {title}
          </Typography>

          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, auto)' },
              justifyContent: 'start',
              columnGap: { xs: 3, sm: 6 },
              rowGap: 2.5,
              mb: 4,
              py: 3,
              borderTop: `1px solid ${palette.line}`,
              borderBottom: `1px solid ${palette.line}`,
              '& dd': { m: 0 },
            }}
          >
            <Fact label={t('paintings.detail.year')} testId="member-painting-year">
              {painting.year}
            </Fact>
            <Fact label={t('paintings.detail.type')} testId="member-painting-type">
              {language === 'fr' ? painting.painting_type_fr : painting.painting_type_en}
            </Fact>
            <Fact label={t('paintings.detail.dimensions')} testId="member-painting-dimensions">
              {t('paintings.detail.dimensionsValue', {
                width: formatCount(painting.dimension.width, language),
                height: formatCount(painting.dimension.height, language),
              })}
            </Fact>
          </Box>

          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
            <Fact label={t('memberMarket.columns.price')} testId="member-painting-part-value">
              <Box component="span" sx={{ display: 'block', fontSize: 26, fontWeight: 500 }}>
                {formatAmount(
                  record.market === MARKET.secondary ? record.price_per_part : painting.price_per_part,
                  language,
                )}
              </Box>
              <Box component="span" sx={{ display: 'block', fontSize: 15 }}>
                <PriceChange percentage={painting.percentage} language={language} />
              </Box>
            </Fact>
            <Fact label={t('memberMarket.columns.total')} testId="member-painting-total-value">
              <Box component="span" sx={{ display: 'block', fontSize: 26, fontWeight: 500, whiteSpace: 'nowrap' }}>
                {formatTotalPrice(painting.painting_price, language)}
              </Box>
            </Fact>
            <Fact label={t('memberMarket.columns.owned')} testId="member-painting-owned">
              {formatPartsQuantity(record.part_quantity, language)}
            </Fact>
            <Fact label={t('memberMarket.columns.available')} testId="member-painting-available">
              {formatPartsQuantity(record.available_part, language)}
            </Fact>
          </Box>

          <Box data-testid="member-painting-availability" sx={{ mt: 4 }}>
            <AvailabilityBar
              progress={painting.progress}
              availability={painting.availability}
              language={language}
              showSold
            />
          </Box>

          <Box sx={{ mt: 4 }}>
            <BuyNow painting={painting} baseUrl={baseUrl} />
          </Box>
        </Box>
      </Box>

      <Box sx={{ ...TWO_COLUMNS, mt: { xs: 8, md: 10 } }}>
        <EvolutionChart painting={painting} language={language} />
        <Documents documents={painting.documents} language={language} />
      </Box>
    </>
  );
}

function DetailView({ record, baseUrl }: { record: MemberMarketRow; baseUrl: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const query = usePaintingDetail(record.id, currency);
  const painting = query.data?.paintings;
  const heading = t(headingKeyOf(record.market));
  usePageMeta(`${localized(record.title, language)} — ${heading}`);

  let body: ReactNode;
  if (painting && query.data) {
    body = <Detail painting={painting} record={record} baseUrl={query.data.base_url || baseUrl} />;
  } else if (query.isError) {
    body = (
      <Alert
        severity="error"
        variant="outlined"
        data-testid="member-market-detail-error"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            {t('paintings.retry')}
          </Button>
        }
      >
        {localized(errorText(query.error), language)}
      </Alert>
    );
  } else {
    body = (
      <Box sx={TWO_COLUMNS} role="status" aria-busy="true">
        <Skeleton variant="rectangular" animation="wave" sx={{ height: { xs: 360, md: 560 } }} />
        <Box>
          <Skeleton width="35%" />
          <Skeleton width="80%" height={64} />
          <Skeleton variant="rectangular" height={160} sx={{ mt: 4 }} />
          <Skeleton variant="rectangular" height={54} sx={{ mt: 4 }} />
        </Box>
      </Box>
    );
  }

  return (
    <Box data-testid="member-market-detail-screen" data-market={record.market}>
      <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
        {t('memberMarket.title')}
      </Typography>
      <Typography variant="h2" component="h1" data-testid="member-market-heading" sx={{ mt: 0.5, mb: 4 }}>
        {heading}
      </Typography>
      {body}
    </Box>
  );
}

/**
 * /user/market/primary-market (spec §2): the work a "Details" button of /user/market opened, for a member.
 * Without a record in navigation state (a reload, a typed address) it goes back to /user/market.
 */
export function MarketDetailScreen() {
  const location = useLocation();
  const state = detailStateOf(location.state);
  if (!state) return <Navigate replace to={MEMBER_MARKET_PATH} />;
  return <DetailView key={state.record.id} record={state.record} baseUrl={state.base_url} />;
}
