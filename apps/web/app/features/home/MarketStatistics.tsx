import { useTranslation } from 'react-i18next';
import type { HomeData } from '../catalogue/api';
import { formatAmount, formatCount } from '../catalogue/format';
import { YearChart } from '../charts/YearChart';
import { useLanguage } from '../i18n/language';
import styles from './home.module.css';

type Statistics = HomeData['statistics'];

/**
 * Art-market statistics of the catalogue's artists (spec §1): auction turnover and lots sold or unsold. Plain elements
 * (decision 525).
 */
export function MarketStatistics({ statistics }: { statistics: Statistics | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const turnover = statistics?.turnover ?? [];
  const lots = statistics?.lots ?? [];
  const currency = turnover[0]?.value.curr;
  const latest = turnover.at(-1);
  return (
    <section className={styles.band} data-testid="home-statistics">
      <p className={styles.eyebrow}>{t('home.statistics.eyebrow')}</p>
      <h2 className={styles.statisticsTitle}>{t('home.statistics.title')}</h2>
      <p className={styles.statisticsText}>
        {t('home.statistics.text', { artists: formatCount(statistics?.artists ?? 0, language) })}
      </p>
      {statistics ? (
        <div className={styles.charts}>
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
        </div>
      ) : (
        <span className={styles.chartsPlaceholder} />
      )}
    </section>
  );
}
