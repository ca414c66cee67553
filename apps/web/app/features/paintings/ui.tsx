import type { Language } from '@parcelle/shared/i18n/messages';
import { formatNumber } from '@parcelle/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChange } from '../catalogue/format';
import { PartsBar } from '../catalogue/PartsBar';
import { directionPath } from '../layout/marks';
import styles from './ui.module.css';

/** A percentage of a painting's parts (0–100, up to 2 decimals) in the reader's conventions: "91%", "91 %". */
export function formatPercent(value: number, language: Language): string {
  const safe = Number.isFinite(value) ? value : 0;
  return formatNumber(safe / 100, language, { style: 'percent', maximumFractionDigits: 2 });
}

/**
 * The change of a work's value: green with "+" when it rose, terracotta with "−" when it fell, followed by the period it
 * covers. The API computes it between the appraisals of the work's last two years of history (value-history.ts
 * valueChange), which need not be consecutive years: "since the previous appraisal" is what it is, "over one year"
 * would not always be (issue 31).
 */
export function PriceChange({ percentage, language }: { percentage: number; language: Language }) {
  const { t } = useTranslation();
  const up = percentage > 0;
  const down = percentage < 0;
  const direction = up ? 'up' : down ? 'down' : 'flat';
  return (
    <>
      <span
        data-direction={direction}
        className={up ? `${styles.change} ${styles.up}` : down ? `${styles.change} ${styles.down}` : styles.change}
      >
        {(up || down) && (
          <svg
            className={styles.mark}
            viewBox="0 0 10 10"
            aria-hidden="true"
            focusable="false"
            data-testid={up ? 'mark-up' : 'mark-down'}
          >
            <path d={directionPath(up)} fill="currentColor" />
          </svg>
        )}
        {formatChange(percentage, language)}
      </span>{' '}
      <span data-testid="change-period" className={styles.period}>
        {t('paintings.change.sincePreviousAppraisal')}
      </span>
    </>
  );
}

/**
 * How much of a work is sold: a thin bar (progress = sold %) and "x % available" (spec §9 availability).
 */
export function AvailabilityBar({
  progress,
  availability,
  language,
  showSold = false,
}: {
  progress: number;
  availability: number;
  language: Language;
  showSold?: boolean;
}) {
  const { t } = useTranslation();
  const available = t('paintings.availability.available', { percent: formatPercent(availability, language) });
  return (
    <div>
      <PartsBar value={progress} height={3} label={{ name: t('paintings.availability.label'), valueText: available }} />
      <div className={styles.figures}>
        <p className={styles.figure}>{available}</p>
        {showSold && (
          <p className={styles.figure}>
            {t('paintings.availability.sold', { percent: formatPercent(progress, language) })}
          </p>
        )}
      </div>
    </div>
  );
}

/** A small label above its value, as on a museum wall text: a dt/dd pair, to be placed inside a `<dl>`. */
export function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
