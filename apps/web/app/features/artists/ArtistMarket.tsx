import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatCount } from '../catalogue/format';
import { YearChart, type YearRow } from '../charts/YearChart';
import { useLanguage } from '../i18n/language';
import { palette } from '../theme/theme';
import { type ArtistDetail, formatIndex, type MarketRow, marketRows } from './figures';

function ChartTitle({ title, caption }: { title: string; caption: string }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {title}
      </Box>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {caption}
      </Typography>
    </>
  );
}

function NoData({ title, testId }: { title: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={testId}>
      <Typography component="figcaption" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('artists.charts.noData')}
      </Typography>
    </Box>
  );
}

function rowsOf(rows: MarketRow[], pick: (row: MarketRow) => Record<string, number | null>): YearRow[] {
  return rows.map((row) => ({ year: row.year, ...pick(row) }) as YearRow);
}

/** The rating index, turnover and lots charts of an artist, with the same figures as a table on request. */
export function ArtistMarket({ artist, currency }: { artist: ArtistDetail; currency: Currency }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = marketRows(artist);
  const currencyName = t(`artists.figures.currency.${currency}`);
  // The amounts carry their own currency (the one asked); the index follows the display currency.
  const turnoverCurrency = artist.turnover[0]?.value.curr ?? currency;
  const money = (value: number) => formatAmount({ value, curr: turnoverCurrency }, language);

  const evolution = [...artist.evolution].sort((a, b) => a.year - b.year);
  const firstIc = evolution[0];
  const lastIc = evolution[evolution.length - 1];
  const turnover = [...artist.turnover].sort((a, b) => a.year - b.year);
  const highest = turnover.reduce<(typeof turnover)[number] | undefined>(
    (best, item) => (!best || item.value.value > best.value.value ? item : best),
    undefined,
  );
  const lots = [...artist.lots].sort((a, b) => a.year - b.year);
  const soldTotal = lots.reduce((sum, item) => sum + item.sold, 0);
  const unsoldTotal = lots.reduce((sum, item) => sum + item.unsold, 0);

  const icTitle = (
    <ChartTitle
      title={t('artists.charts.icTitle')}
      caption={t('artists.charts.icCaption', { currency: currencyName })}
    />
  );
  const turnoverTitle = (
    <ChartTitle
      title={t('artists.charts.turnoverTitle')}
      caption={t('artists.charts.turnoverCaption', { currency: t(`artists.figures.currency.${turnoverCurrency}`) })}
    />
  );
  const lotsTitle = <ChartTitle title={t('artists.charts.lotsTitle')} caption={t('artists.charts.lotsCaption')} />;

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 7, md: 9 } }}>
      {firstIc && lastIc ? (
        <YearChart
          testId="artist-chart-ic"
          title={icTitle}
          summary={t('artists.charts.icSummary', {
            name: artist.name,
            first: formatIndex(firstIc.value, language),
            from: firstIc.year,
            last: formatIndex(lastIc.value, language),
            to: lastIc.year,
          })}
          series={[{ key: 'ic', label: t('artists.charts.icSeries') }]}
          rows={rowsOf(rows, (row) => ({ ic: row.ic }))}
          formatValue={formatIndex}
          height={340}
        />
      ) : (
        <NoData title={icTitle} testId="artist-chart-ic" />
      )}

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          gap: { xs: 7, md: 8 },
        }}
      >
        {highest && turnover.length > 0 ? (
          <YearChart
            testId="artist-chart-turnover"
            title={turnoverTitle}
            summary={t('artists.charts.turnoverSummary', {
              name: artist.name,
              from: turnover[0]?.year,
              to: turnover[turnover.length - 1]?.year,
              max: formatAmount(highest.value, language),
              maxYear: highest.year,
            })}
            series={[{ key: 'turnover', label: t('artists.charts.turnoverSeries'), kind: 'bar' }]}
            rows={rowsOf(rows, (row) => ({ turnover: row.turnover }))}
            formatValue={(value) => money(value)}
            height={280}
          />
        ) : (
          <NoData title={turnoverTitle} testId="artist-chart-turnover" />
        )}
        {lots.length > 0 ? (
          <YearChart
            testId="artist-chart-lots"
            title={lotsTitle}
            summary={t('artists.charts.lotsSummary', {
              name: artist.name,
              from: lots[0]?.year,
              to: lots[lots.length - 1]?.year,
              sold: formatCount(soldTotal, language),
              unsold: formatCount(unsoldTotal, language),
            })}
            series={[
              { key: 'sold', label: t('artists.charts.lotsSold'), kind: 'bar', stack: 'lots' },
              { key: 'unsold', label: t('artists.charts.lotsUnsold'), kind: 'bar', stack: 'lots' },
            ]}
            rows={rowsOf(rows, (row) => ({ sold: row.sold, unsold: row.unsold }))}
            formatValue={formatCount}
            height={280}
          />
        ) : (
          <NoData title={lotsTitle} testId="artist-chart-lots" />
        )}
      </Box>

      {rows.length > 0 && (
        // The browser's own disclosure: it opens without a script (the artist's page is a document, issue 33) and is
        // announced as expanded or collapsed; its label says what a press will do.
        <Box
          component="details"
          sx={{
            '&[open] [data-label="show"], &:not([open]) [data-label="hide"]': { display: 'none' },
          }}
        >
          <Box
            component="summary"
            data-testid="artist-table-toggle"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              minHeight: 44,
              cursor: 'pointer',
              listStyle: 'none',
              '&::-webkit-details-marker': { display: 'none' },
              typography: 'button',
              color: palette.accentDark,
              textDecoration: 'underline',
              textUnderlineOffset: 4,
              '&:focus-visible': { outline: `2px solid ${palette.ink}`, outlineOffset: 2 },
            }}
          >
            <span data-label="show">{t('artists.charts.showTable')}</span>
            <span data-label="hide">{t('artists.charts.hideTable')}</span>
          </Box>
          <TableContainer
            sx={{ mt: 2, border: `1px solid ${palette.line}`, bgcolor: palette.paper, maxHeight: 480 }}
            data-testid="artist-table"
          >
            <Table size="small" stickyHeader sx={{ '& thead th': { whiteSpace: 'nowrap' } }}>
              <caption style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px' }}>
                {t('artists.charts.tableCaption', { name: artist.name })}
              </caption>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t('artists.charts.year')}</TableCell>
                  <TableCell scope="col" align="right">
                    {t('artists.charts.icSeries')}
                  </TableCell>
                  <TableCell scope="col" align="right">
                    {t('artists.charts.turnoverSeries')}
                  </TableCell>
                  <TableCell scope="col" align="right">
                    {t('artists.charts.lotsSold')}
                  </TableCell>
                  <TableCell scope="col" align="right">
                    {t('artists.charts.lotsUnsold')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.year}>
                    <TableCell component="th" scope="row">
                      {row.year}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {row.ic === null ? t('artists.figures.none') : formatIndex(row.ic, language)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {row.turnover === null ? t('artists.figures.none') : money(row.turnover)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {row.sold === null ? t('artists.figures.none') : formatCount(row.sold, language)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {row.unsold === null ? t('artists.figures.none') : formatCount(row.unsold, language)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Box>
  );
}
