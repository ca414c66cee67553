import { Alert, Paper, Skeleton, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySign, formatAmount } from '../catalogue/format';
import { YearChart } from '../charts/YearChart';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { graphQuery } from './api';
import { graphChart } from './graph';

type Props = {
  currency: Currency;
  enabled: boolean;
  /** 'value' on the portfolio (value history), 'index' on my parts (index evolution). */
  kind: 'value' | 'index';
  testId: string;
};

/** The value of the member's parts of each work by year (spec §3 Graph line): one line per work. */
export function HoldingsChart({ currency, enabled, kind, testId }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery({ ...graphQuery(currency), enabled });
  const chart = useMemo(() => graphChart(query.data ?? [], language), [query.data, language]);
  const curr = query.data?.[0]?.prices.curr ?? currency;
  const titleId = `${testId}-title`;
  const first = chart.rows[0]?.year;
  const last = chart.rows.at(-1)?.year;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{ borderColor: palette.line, p: { xs: 2.5, md: 4 } }}
    >
      <Typography variant="h5" component="h2" id={titleId}>
        {t(kind === 'value' ? 'portfolio.chart.valueTitle' : 'portfolio.chart.indexTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted, mt: 0.5, mb: 3 }}>
        {t('portfolio.chart.caption', { currency: currencySign(curr, language) })}
      </Typography>
      {query.isError && !query.data ? (
        <Alert severity="error" variant="outlined">
          {localized(errorText(query.error), language)}
        </Alert>
      ) : !query.data ? (
        <Skeleton variant="rectangular" height={300} aria-busy="true" />
      ) : chart.rows.length === 0 ? (
        <Typography variant="subtitle1" sx={{ color: palette.muted }} data-testid={`${testId}-empty`}>
          {t('portfolio.chart.empty')}
        </Typography>
      ) : (
        <YearChart
          summary={t('portfolio.chart.summary', {
            works: chart.series.map((item) => item.label).join(', '),
            from: first,
            to: last,
          })}
          series={chart.series}
          rows={chart.rows}
          formatValue={(value, lang) => formatAmount({ value, curr }, lang)}
          height={320}
        />
      )}
    </Paper>
  );
}
