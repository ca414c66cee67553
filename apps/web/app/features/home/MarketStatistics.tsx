import { Box, Container, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { HomeData } from '../catalogue/api';
import { formatAmount, formatCount } from '../catalogue/format';
import { YearChart } from '../charts/YearChart';
import { useLanguage } from '../i18n/language';
import { PAGE_WIDTH } from '../layout/page-width';
import { palette } from '../theme/theme';

type Statistics = HomeData['statistics'];

/** Art-market statistics of the catalogue's artists (spec §1): auction turnover and lots sold or unsold. */
export function MarketStatistics({ statistics }: { statistics: Statistics | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const turnover = statistics?.turnover ?? [];
  const lots = statistics?.lots ?? [];
  const currency = turnover[0]?.value.curr;
  const latest = turnover.at(-1);
  return (
    <Container
      component="section"
      maxWidth={false}
      sx={{ ...PAGE_WIDTH, py: { xs: 8, md: 12 } }}
      data-testid="home-statistics"
    >
      <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
        {t('home.statistics.eyebrow')}
      </Typography>
      <Typography variant="h2" sx={{ mt: 1, mb: 2, maxWidth: 720 }}>
        {t('home.statistics.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ maxWidth: 640, mb: { xs: 5, md: 7 } }}>
        {t('home.statistics.text', { artists: formatCount(statistics?.artists ?? 0, language) })}
      </Typography>
      {statistics ? (
        <Box sx={{ display: 'grid', gap: { xs: 6, md: 8 }, gridTemplateColumns: { md: '1fr 1fr' } }}>
          <YearChart
            testId="home-chart-turnover"
            title={t('home.statistics.turnover')}
            summary={t('home.statistics.turnoverSummary', {
              from: turnover[0]?.year ?? '',
              to: latest?.year ?? '',
              latest: latest ? formatAmount(latest.value, language) : '',
            })}
            series={[{ key: 'turnover', label: t('home.statistics.value'), kind: 'bar' }]}
            rows={turnover.map((row) => ({ year: row.year, turnover: row.value.value }))}
            formatValue={(value, lang) => (currency ? formatAmount({ value, curr: currency }, lang) : String(value))}
          />
          <YearChart
            testId="home-chart-lots"
            title={t('home.statistics.lots')}
            summary={t('home.statistics.lotsSummary', { from: lots[0]?.year ?? '', to: lots.at(-1)?.year ?? '' })}
            series={[
              { key: 'sold', label: t('home.statistics.sold'), kind: 'bar', stack: 'lots' },
              { key: 'unsold', label: t('home.statistics.unsold'), kind: 'bar', stack: 'lots' },
            ]}
            rows={lots.map((row) => ({ year: row.year, sold: row.sold, unsold: row.unsold }))}
            formatValue={(value, lang) => formatCount(value, lang)}
          />
        </Box>
      ) : (
        <Skeleton variant="rectangular" height={300} />
      )}
    </Container>
  );
}
