import type { Currency } from '@parcelle/shared/constants';
import type { TAppraisal, TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { formatClockDateTime, formatDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatBps, formatMoney, formatNumber, shareBps } from '@parcelle/shared/money';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTDOWN_ATTRIBUTE, useInDocument } from '../../document/document';
import { localized } from '../i18n/language';
import styles from './investment-case.module.css';
import { timeLeft, twoDigits } from './time-left';

export { timeLeft } from './time-left';

/** The time zone the opening of a sale is written in, on the server and in the browser alike (no hydration drift). */
export const SALE_TIME_ZONE = 'Europe/Paris' as const;

/**
 * The opening of a sale on the Paris clock, in the one date-time style of every screen (issue 31): "14 Mar 2027, 10:00
 * Paris time" / "14 mars 2027, 10:00 heure de Paris".
 */
export function formatOpening(iso: string, language: Language): string {
  return formatClockDateTime(iso, language, SALE_TIME_ZONE);
}

/**
 * Whether the primary sale of a work is still to open, and the clock of its countdown. The first render (server and
 * hydration alike) reads the time once and has no clock (`now` null): the countdown starts after hydration, ticking
 * every second, and stops when the sale opens — which enables the buy button without a reload.
 */
export function useSaleOpening(opensAt: string | null) {
  const target = opensAt ? Date.parse(opensAt) : Number.NaN;
  const [now, setNow] = useState<number | null>(null);
  const pendingAtRender = Number.isFinite(target) && (now ?? Date.now()) < target;
  useEffect(() => {
    if (!Number.isFinite(target)) return;
    setNow(Date.now());
    if (Date.now() >= target) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return { pending: pendingAtRender, target, now };
}

/**
 * "Sale opens on <date>" and its countdown. The countdown is a `timer` (aria-live off: screen readers read it when
 * the reader reaches it, never every second); its line is always there, so that it fills in without moving the page.
 */
export function SaleOpening({
  opensAt,
  target,
  now,
  language,
  id,
}: {
  opensAt: string;
  target: number;
  now: number | null;
  language: Language;
  id: string;
}) {
  const { t } = useTranslation();
  const inDocument = useInDocument();
  const left = now === null ? null : timeLeft(target, now);
  // In a document the runtime ticks it (decision 455): the moment and the sentence with its places to fill.
  const ticker = inDocument
    ? {
        [COUNTDOWN_ATTRIBUTE]: String(target),
        'data-countdown-text': t('paintings.sale.countdown', {
          days: '{days}',
          hours: '{hours}',
          minutes: '{minutes}',
          seconds: '{seconds}',
        }),
      }
    : {};
  return (
    <div data-testid="sale-opening" className={styles.opening}>
      <p id={id} data-testid="sale-opening-date" className={styles.text}>
        {t('paintings.sale.opensOn', { date: formatOpening(opensAt, language) })}
      </p>
      <p
        role="timer"
        aria-live="off"
        aria-atomic="true"
        data-testid="sale-countdown"
        {...ticker}
        className={styles.countdown}
      >
        {left &&
          t('paintings.sale.countdown', {
            days: formatNumber(left.days, language),
            hours: twoDigits(left.hours),
            minutes: twoDigits(left.minutes),
            seconds: twoDigits(left.seconds),
          })}
      </p>
    </div>
  );
}

/** In place of the buy action once the work has been sold as a whole (exit, issue 15). */
export function SoldNotice() {
  const { t } = useTranslation();
  return (
    <div data-testid="painting-sold" className={styles.sold}>
      <p className={styles.soldTitle}>{t('paintings.sale.sold')}</p>
      <p className={styles.soldText}>{t('paintings.sale.soldText')}</p>
    </div>
  );
}

export function Row({ label, value, testId }: { label: string; value: ReactNode | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.row}>
      <dt className={styles.label}>{label}</dt>
      <dd
        data-testid={testId}
        data-unset={value === null ? 'true' : undefined}
        className={value === null ? `${styles.value} ${styles.unset}` : styles.value}
      >
        {value ?? t('paintings.facts.notSet')}
      </dd>
    </div>
  );
}

const FEE_CURRENCY: Currency = 'EURO';

/** "7 years" / "7 ans", "1 year" / "1 an". */
export function holdingPeriod(years: number, language: Language, t: TFunction): string {
  return t('paintings.facts.years', { count: years, years: formatNumber(years, language) });
}

/** The exit fee and/or share ("€1,500.00 + 2.5% of the sale price"), or null when neither is set. */
export function exitFeeText(
  painting: Pick<TPaintingDetail, 'exit_fee_minor' | 'exit_share_bps'>,
  language: Language,
  t: TFunction,
): string | null {
  const parts: string[] = [];
  if (painting.exit_fee_minor !== null) parts.push(formatMoney(painting.exit_fee_minor, FEE_CURRENCY, language));
  if (painting.exit_share_bps !== null)
    parts.push(
      t('paintings.facts.exitShareValue', {
        percent: formatNumber(painting.exit_share_bps / 10_000, language, {
          style: 'percent',
          maximumFractionDigits: 2,
        }),
      }),
    );
  return parts.length > 0 ? parts.join(' + ') : null;
}

/**
 * A yearly cost as a share of the work's latest appraisal (issue 31: "€120.00 a year" alone does not tell a member
 * whether it is a lot), in basis points from integers. Only when the appraisal is in euros, as the costs are: the page
 * has no exchange rate of its own to convert one into the other, and an approximate share would not be this figure.
 * Null when there is nothing exact to say (no cost, no appraisal, another currency).
 */
export function yearlyCostShare(
  minor: number | null,
  painting: Pick<TPaintingDetail, 'latest_valuation'>,
  language: Language,
  t: TFunction,
): string | null {
  const appraisal = painting.latest_valuation;
  if (minor === null || appraisal === null || appraisal.currency !== FEE_CURRENCY) return null;
  const bps = shareBps(minor, appraisal.value_minor);
  if (bps === null) return null;
  // A cost under half a basis point rounds to 0.00 %, which would read as free: say it is below 0.01 % instead.
  if (bps === 0 && minor > 0) return t('paintings.facts.underOneBasisPoint');
  return t('paintings.facts.ofAppraisal', { percent: formatBps(bps, language) });
}

/**
 * The fees and facts of a work (issue 15). Amounts are set in euros and the page has no exchange rate of its own
 * (prices come converted by the API), so they are shown in euros, and said to be when the visitor chose dollars.
 * A fact the operators have not set is shown as "Not set", never hidden (docs/decisions.md).
 */
export function FeesAndFacts({
  painting,
  language,
  currency,
}: {
  painting: TPaintingDetail;
  language: Language;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const entryFee =
    painting.entry_fee_minor === null
      ? null
      : t('paintings.facts.entryFeeValue', { amount: formatMoney(painting.entry_fee_minor, FEE_CURRENCY, language) });
  const yearly = (minor: number | null) => {
    if (minor === null) return null;
    const amount = t('paintings.facts.perYear', { amount: formatMoney(minor, FEE_CURRENCY, language) });
    const share = yearlyCostShare(minor, painting, language, t);
    return share === null ? amount : `${amount} (${share})`;
  };
  const exit = exitFeeText(painting, language, t);
  const years = painting.target_holding_years;

  return (
    <section aria-labelledby="painting-facts-title" data-testid="painting-facts">
      <h3 id="painting-facts-title" className={styles.heading}>
        {t('paintings.facts.title')}
      </h3>
      <dl className={styles.list}>
        <Row label={t('paintings.facts.entryFee')} value={entryFee} testId="fact-entry-fee" />
        <Row
          label={t('paintings.facts.storage')}
          value={yearly(painting.storage_cost_yearly_minor)}
          testId="fact-storage"
        />
        <Row
          label={t('paintings.facts.insurance')}
          value={yearly(painting.insurance_cost_yearly_minor)}
          testId="fact-insurance"
        />
        <Row label={t('paintings.facts.exit')} value={exit} testId="fact-exit" />
        <Row
          label={t('paintings.facts.custody')}
          value={painting.custody_place ? localized(painting.custody_place, language) : null}
          testId="fact-custody"
        />
        <Row label={t('paintings.facts.insurer')} value={painting.insurer} testId="fact-insurer" />
        <Row
          label={t('paintings.facts.holding')}
          value={years === null ? null : holdingPeriod(years, language, t)}
          testId="fact-holding"
        />
      </dl>
      {currency !== FEE_CURRENCY && (
        <p data-testid="facts-in-euros" className={styles.note}>
          {t('paintings.facts.inEuros')}
        </p>
      )}
    </section>
  );
}

/** Every current appraisal, latest first (issue 17): a small table, date, value in its currency and appraiser. */
function AppraisalHistory({ appraisals, language }: { appraisals: TAppraisal[]; language: Language }) {
  const { t } = useTranslation();
  return (
    <div className={styles.history}>
      <h4 id="appraisal-history-title" className={styles.historyTitle}>
        {t('paintings.appraisal.history')}
      </h4>
      <table aria-labelledby="appraisal-history-title" data-testid="appraisal-history" className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.head}>
              {t('paintings.appraisal.date')}
            </th>
            <th scope="col" className={`${styles.head} ${styles.amountCell}`}>
              {t('paintings.appraisal.value')}
            </th>
            <th scope="col" className={styles.head}>
              {t('paintings.appraisal.appraiser')}
            </th>
          </tr>
        </thead>
        <tbody>
          {appraisals.map((appraisal) => (
            <tr key={`${appraisal.valued_on}-${appraisal.appraiser}-${appraisal.value_minor}`}>
              <td className={`${styles.cell} ${styles.dateCell}`}>
                {formatDate(`${appraisal.valued_on}T00:00:00Z`, language)}
              </td>
              <td className={`${styles.cell} ${styles.amountCell} ${styles.nowrap}`}>
                {formatMoney(appraisal.value_minor, appraisal.currency, language)}
              </td>
              <td className={`${styles.cell} ${styles.muted}`}>{appraisal.appraiser}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The latest appraisal of the work (issue 15): value in its own currency, date, appraiser and method. */
export function LatestAppraisal({ painting, language }: { painting: TPaintingDetail; language: Language }) {
  const { t } = useTranslation();
  const valuation = painting.latest_valuation;
  return (
    <section aria-labelledby="painting-appraisal-title" data-testid="painting-appraisal">
      <h3 id="painting-appraisal-title" className={styles.heading}>
        {t('paintings.appraisal.title')}
      </h3>
      {valuation ? (
        <div className={styles.appraisal}>
          <p data-testid="appraisal-value" className={styles.appraisalValue}>
            {formatMoney(valuation.value_minor, valuation.currency, language)}
          </p>
          <p data-testid="appraisal-by" className={styles.appraisalBy}>
            {t('paintings.appraisal.by', {
              appraiser: valuation.appraiser,
              date: formatDate(`${valuation.valued_on}T00:00:00Z`, language),
            })}
          </p>
          <p data-testid="appraisal-method" className={styles.appraisalMethod}>
            {t('paintings.appraisal.method', { method: valuation.method[language] })}
          </p>
          {painting.appraisals.length > 1 && <AppraisalHistory appraisals={painting.appraisals} language={language} />}
        </div>
      ) : (
        <p data-testid="appraisal-none" className={styles.appraisalNone}>
          {t('paintings.appraisal.none')}
        </p>
      )}
    </section>
  );
}
