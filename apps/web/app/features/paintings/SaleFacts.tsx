import { Box, Typography } from '@mui/material';
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
import { palette } from '../theme/theme';
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
    <Box
      data-testid="sale-opening"
      sx={{ mb: 2, pl: 2, py: 0.5, borderLeft: `2px solid ${palette.accent}`, fontVariantNumeric: 'tabular-nums' }}
    >
      <Typography id={id} data-testid="sale-opening-date">
        {t('paintings.sale.opensOn', { date: formatOpening(opensAt, language) })}
      </Typography>
      <Typography
        variant="body2"
        role="timer"
        aria-live="off"
        aria-atomic="true"
        data-testid="sale-countdown"
        {...ticker}
        sx={{ color: palette.muted, minHeight: '1.5em' }}
      >
        {left &&
          t('paintings.sale.countdown', {
            days: formatNumber(left.days, language),
            hours: twoDigits(left.hours),
            minutes: twoDigits(left.minutes),
            seconds: twoDigits(left.seconds),
          })}
      </Typography>
    </Box>
  );
}

/** In place of the buy action once the work has been sold as a whole (exit, issue 15). */
export function SoldNotice() {
  const { t } = useTranslation();
  return (
    <Box data-testid="painting-sold" sx={{ py: 2, borderTop: `1px solid ${palette.line}` }}>
      <Typography variant="h5" component="p" sx={{ mb: 0.5 }}>
        {t('paintings.sale.sold')}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted }}>
        {t('paintings.sale.soldText')}
      </Typography>
    </Box>
  );
}

export function Row({ label, value, testId }: { label: string; value: ReactNode | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 3,
        py: 1.75,
        borderBottom: `1px solid ${palette.line}`,
      }}
    >
      <Typography component="dt" sx={{ color: palette.muted }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        data-testid={testId}
        data-unset={value === null ? 'true' : undefined}
        sx={{
          m: 0,
          textAlign: 'right',
          fontVariantNumeric: 'tabular-nums',
          color: value === null ? palette.muted : palette.ink,
        }}
      >
        {value ?? t('paintings.facts.notSet')}
      </Typography>
    </Box>
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
    <Box component="section" aria-labelledby="painting-facts-title" data-testid="painting-facts">
      <Typography id="painting-facts-title" variant="h5" component="h3" sx={{ mb: 2 }}>
        {t('paintings.facts.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, borderTop: `1px solid ${palette.line}` }}>
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
      </Box>
      {currency !== FEE_CURRENCY && (
        <Typography variant="body2" data-testid="facts-in-euros" sx={{ mt: 1.5, color: palette.muted }}>
          {t('paintings.facts.inEuros')}
        </Typography>
      )}
    </Box>
  );
}

const cell = {
  py: 1.25,
  px: 0,
  borderBottom: `1px solid ${palette.line}`,
  textAlign: 'left',
  fontWeight: 400,
} as const;

/** Every current appraisal, latest first (issue 17): a small table, date, value in its currency and appraiser. */
function AppraisalHistory({ appraisals, language }: { appraisals: TAppraisal[]; language: Language }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 5 }}>
      <Typography id="appraisal-history-title" component="h4" sx={{ fontWeight: 500, mb: 1 }}>
        {t('paintings.appraisal.history')}
      </Typography>
      <Box
        component="table"
        aria-labelledby="appraisal-history-title"
        data-testid="appraisal-history"
        sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 15, fontVariantNumeric: 'tabular-nums' }}
      >
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...cell, color: palette.muted }}>
              {t('paintings.appraisal.date')}
            </Box>
            <Box component="th" scope="col" sx={{ ...cell, color: palette.muted, textAlign: 'right', pr: 3 }}>
              {t('paintings.appraisal.value')}
            </Box>
            <Box component="th" scope="col" sx={{ ...cell, color: palette.muted }}>
              {t('paintings.appraisal.appraiser')}
            </Box>
          </tr>
        </thead>
        <tbody>
          {appraisals.map((appraisal) => (
            <tr key={`${appraisal.valued_on}-${appraisal.appraiser}-${appraisal.value_minor}`}>
              <Box component="td" sx={{ ...cell, whiteSpace: 'nowrap', pr: 2 }}>
                {formatDate(`${appraisal.valued_on}T00:00:00Z`, language)}
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap', pr: 3 }}>
                {formatMoney(appraisal.value_minor, appraisal.currency, language)}
              </Box>
              <Box component="td" sx={{ ...cell, color: palette.muted }}>
                {appraisal.appraiser}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** The latest appraisal of the work (issue 15): value in its own currency, date, appraiser and method. */
export function LatestAppraisal({ painting, language }: { painting: TPaintingDetail; language: Language }) {
  const { t } = useTranslation();
  const valuation = painting.latest_valuation;
  return (
    <Box component="section" aria-labelledby="painting-appraisal-title" data-testid="painting-appraisal">
      <Typography id="painting-appraisal-title" variant="h5" component="h3" sx={{ mb: 2 }}>
        {t('paintings.appraisal.title')}
      </Typography>
      {valuation ? (
        <Box sx={{ borderTop: `1px solid ${palette.line}`, pt: 2.5 }}>
          <Typography
            data-testid="appraisal-value"
            sx={{ fontSize: 30, fontWeight: 500, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatMoney(valuation.value_minor, valuation.currency, language)}
          </Typography>
          <Typography data-testid="appraisal-by" sx={{ mt: 1 }}>
            {t('paintings.appraisal.by', {
              appraiser: valuation.appraiser,
              date: formatDate(`${valuation.valued_on}T00:00:00Z`, language),
            })}
          </Typography>
          <Typography variant="body2" data-testid="appraisal-method" sx={{ mt: 0.5, color: palette.muted }}>
            {t('paintings.appraisal.method', { method: valuation.method[language] })}
          </Typography>
          {painting.appraisals.length > 1 && <AppraisalHistory appraisals={painting.appraisals} language={language} />}
        </Box>
      ) : (
        <Typography
          data-testid="appraisal-none"
          sx={{ borderTop: `1px solid ${palette.line}`, pt: 2.5, color: palette.muted }}
        >
          {t('paintings.appraisal.none')}
        </Typography>
      )}
    </Box>
  );
}
