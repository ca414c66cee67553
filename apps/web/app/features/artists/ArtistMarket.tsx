import type { Currency } from '@parcelle/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatCount } from '../catalogue/format';
import { YearChart, type YearRow } from '../charts/YearChart';
import { useLanguage } from '../i18n/language';
import styles from './artist-detail.module.css';
import { type ArtistDetail, formatIndex, type MarketRow, marketRows } from './figures';

function ChartTitle({ title, caption }: { title: string; caption: string }) {
  return (
    <>
      <span className={styles.chartName}>{title}</span>
      <span className={styles.chartCaption}>{caption}</span>
    </>
  );
}

function NoData({ title, testId }: { title: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <figure className={styles.noData} data-testid={testId}>
      <figcaption className={styles.noDataTitle}>{title}</figcaption>
      <p className={styles.noDataText}>{t('artists.charts.noData')}</p>
    </figure>
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
    <div className={styles.charts}>
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

      <div className={styles.pair}>
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
      </div>

      {rows.length > 0 && (
        // The browser's own disclosure: it opens without a script (the artist's page is a document, issue 33) and is
        // announced as expanded or collapsed; its label says what a press will do.
        <details className={styles.details}>
          <summary data-testid="artist-table-toggle" className={styles.toggle}>
            <span data-label="show">{t('artists.charts.showTable')}</span>
            <span data-label="hide">{t('artists.charts.hideTable')}</span>
          </summary>
          <div className={styles.tableBox} data-testid="artist-table">
            <table className={styles.table}>
              <caption
                className={styles.tableCaption}
                style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px' }}
              >
                {t('artists.charts.tableCaption', { name: artist.name })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.headCell}>
                    {t('artists.charts.year')}
                  </th>
                  <th scope="col" className={styles.headNumber}>
                    {t('artists.charts.icSeries')}
                  </th>
                  <th scope="col" className={styles.headNumber}>
                    {t('artists.charts.turnoverSeries')}
                  </th>
                  <th scope="col" className={styles.headNumber}>
                    {t('artists.charts.lotsSold')}
                  </th>
                  <th scope="col" className={styles.headNumber}>
                    {t('artists.charts.lotsUnsold')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.year}>
                    <th scope="row" className={styles.cell}>
                      {row.year}
                    </th>
                    <td className={styles.number}>
                      {row.ic === null ? t('artists.figures.none') : formatIndex(row.ic, language)}
                    </td>
                    <td className={`${styles.number} ${styles.nowrap}`}>
                      {row.turnover === null ? t('artists.figures.none') : money(row.turnover)}
                    </td>
                    <td className={styles.number}>
                      {row.sold === null ? t('artists.figures.none') : formatCount(row.sold, language)}
                    </td>
                    <td className={styles.number}>
                      {row.unsold === null ? t('artists.figures.none') : formatCount(row.unsold, language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </div>
  );
}
