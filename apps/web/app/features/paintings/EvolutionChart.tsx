import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatNumber } from '@parcelle/shared/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { YearChart } from '../charts/YearChart';
import { drawsALine, evolutionRows } from './evolution';
import styles from './painting-screen.module.css';

const formatIndex = (value: number, language: Language) =>
  formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The work's index against its artist's, by year (see evolution.ts for the rebasing). */
export function EvolutionChart({ painting, language }: { painting: TPaintingDetail; language: Language }) {
  const { t } = useTranslation();
  const { rows, baseYear } = useMemo(
    () => evolutionRows(painting.evolution_list, painting.artist_evolution),
    [painting.evolution_list, painting.artist_evolution],
  );
  const series = [
    { key: 'painting', label: t('paintings.chart.painting') },
    { key: 'artist', label: t('paintings.chart.artist', { artist: painting.artist.name }) },
  ];
  const last = rows.at(-1);
  const summary = last
    ? t('paintings.chart.summary', {
        from: rows[0]?.year,
        to: last.year,
        painting: typeof last.painting === 'number' ? formatIndex(last.painting, language) : '—',
        artist: typeof last.artist === 'number' ? formatIndex(last.artist, language) : '—',
      })
    : '';

  return (
    <section aria-labelledby="painting-chart-title" data-testid="painting-chart">
      <h2 id="painting-chart-title" className={styles.chartTitle}>
        {t('paintings.chart.title')}
      </h2>
      <p className={styles.chartBase}>
        {baseYear === null ? t('paintings.chart.ownBase') : t('paintings.chart.base', { year: baseYear })}
      </p>
      {drawsALine(rows) ? (
        <YearChart summary={summary} series={series} rows={rows} formatValue={formatIndex} height={320} />
      ) : (
        <p className={styles.chartEmpty}>{t('paintings.chart.empty')}</p>
      )}
    </section>
  );
}
