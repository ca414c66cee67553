import { Alert, Box, Paper, Skeleton, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatMoney, formatNumber } from '@parcelle/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatChange } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { fonts, palette } from '../theme/theme';
import { portfolioQuery, type TPortfolioSummary } from './api';

/** Basis points as a signed percentage with 2 decimals (en "+12.34%", fr "+12,34 %"). */
export const formatBps = (bps: number, language: Language) => formatChange(bps / 100, language);

/** A share in basis points, unsigned (en "80.00%", fr "80,00 %"). */
const formatShare = (bps: number, language: Language) =>
  formatNumber(bps / 10_000, language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A signed amount (a gain or a loss), from integer minor units, signed as the change badges: "+€234.50", "-12,00 €". */
export function formatGain(minor: number, currency: Currency, language: Language): string {
  return `${minor > 0 ? '+' : ''}${formatMoney(minor, currency, language)}`;
}

type Figure = { key: string; label: string; value: string; detail?: string; tone?: 'up' | 'down' };

/** The figures of the panel, from the summary's integer fields (issue 17). */
export function performanceFigures(
  summary: TPortfolioSummary,
  language: Language,
  t: (key: string, options?: Record<string, unknown>) => string,
): Figure[] {
  const money = (minor: number) => formatMoney(minor, summary.currency, language);
  const tone = (minor: number) => (minor > 0 ? 'up' : minor < 0 ? 'down' : undefined);
  // Parts whose cost was never recorded (issue 31): no cost basis and no gain can be given, only said unknown.
  const unknown = summary.cost_unknown_parts > 0;
  const unknownDetail = t('portfolio.performance.costUnknown', { count: summary.cost_unknown_parts });
  return [
    {
      key: 'cost-basis',
      label: t('portfolio.performance.costBasis'),
      value: unknown ? t('portfolio.performance.unknown') : money(summary.cost_basis_minor),
    },
    { key: 'value', label: t('portfolio.performance.value'), value: money(summary.value_minor) },
    unknown
      ? {
          key: 'gain',
          label: t('portfolio.performance.gain'),
          value: t('portfolio.performance.unknown'),
          detail: unknownDetail,
        }
      : {
          key: 'gain',
          label: t('portfolio.performance.gain'),
          value: formatGain(summary.gain_minor, summary.currency, language),
          // Issue 31: every percentage says its period; this one is the gain over the cost of the parts held.
          detail: t('portfolio.performance.sincePurchase', { percent: formatBps(summary.gain_bps, language) }),
          tone: tone(summary.gain_minor),
        },
    {
      key: 'annualised',
      label: t('portfolio.performance.annualised'),
      value:
        summary.annualised_return_bps === null
          ? t('portfolio.performance.notAnnualised')
          : t('portfolio.performance.perYear', { percent: formatBps(summary.annualised_return_bps, language) }),
      tone: summary.annualised_return_bps === null ? undefined : tone(summary.annualised_return_bps),
    },
    {
      key: 'realised',
      label: t('portfolio.performance.realised'),
      value: formatGain(summary.realised_gain_minor, summary.currency, language),
      tone: tone(summary.realised_gain_minor),
    },
    { key: 'dividends', label: t('portfolio.performance.dividends'), value: money(summary.dividends_minor) },
  ];
}

/** The colours of a rise and a fall, as the change badges (paintings/ui PriceChange). */
const TONE = { up: palette.success, down: palette.error } as const;

/**
 * The portfolio's figures (issue 17; a neutral heading since issue 31, which implies nothing about other figures): cost basis, current value from the latest appraisals, gain or loss since purchase in
 * money and percent, annualised return, realised gains, dividends, and the allocation by work. Every number is the
 * server's (integer minor units of the currency shown); this only formats them.
 */
export function PerformancePanel({ currency, enabled }: { currency: Currency; enabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery({ ...portfolioQuery(currency), enabled });
  const summary = query.data;
  const titleId = 'portfolio-performance-title';
  const allocationId = 'portfolio-allocation-title';

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="portfolio-performance"
      sx={{ borderColor: palette.line, p: { xs: 2.5, md: 4 } }}
    >
      <Typography variant="h5" component="h2" id={titleId}>
        {t('portfolio.performance.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted, mt: 0.5, mb: 3, maxWidth: 640 }}>
        {t('portfolio.performance.intro')}
      </Typography>
      {query.isError && !summary ? (
        <Alert severity="error" variant="outlined">
          {localized(errorText(query.error), language)}
        </Alert>
      ) : !summary ? (
        <Skeleton variant="rectangular" height={160} aria-busy="true" />
      ) : (
        <>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              columnGap: 4,
              rowGap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {performanceFigures(summary, language, t).map((figure) => (
              <Box key={figure.key} data-testid={`performance-${figure.key}`} sx={{ minWidth: 0 }}>
                <Typography component="dt" variant="overline" sx={{ display: 'block', color: palette.muted }}>
                  {figure.label}
                </Typography>
                <Typography
                  component="dd"
                  sx={{
                    m: 0,
                    mt: 0.5,
                    fontFamily: fonts.display,
                    fontSize: 24,
                    lineHeight: 1.2,
                    fontVariantNumeric: 'lining-nums tabular-nums',
                    color: figure.tone ? TONE[figure.tone] : palette.ink,
                    overflowWrap: 'anywhere',
                  }}
                >
                  <span data-testid={`performance-${figure.key}-value`}>{figure.value}</span>
                  {figure.detail ? (
                    <Box
                      component="span"
                      data-testid={`performance-${figure.key}-detail`}
                      sx={{ fontFamily: fonts.text, fontSize: 15, ml: 1 }}
                    >
                      ({figure.detail})
                    </Box>
                  ) : null}
                </Typography>
              </Box>
            ))}
          </Box>
          {summary.allocation.length > 0 ? (
            <Box sx={{ mt: 4 }}>
              <Typography variant="subtitle2" component="h3" id={allocationId} sx={{ mb: 1.5 }}>
                {t('portfolio.performance.allocation')}
              </Typography>
              <Box
                component="ul"
                aria-labelledby={allocationId}
                data-testid="performance-allocation"
                sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}
              >
                {summary.allocation.map((work) => (
                  <Box component="li" key={work.painting_id} sx={{ display: 'grid', gap: 0.5 }}>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                      <span>{localized(work.title, language)}</span>
                      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatShare(work.allocation_bps, language)}
                      </Box>
                    </Box>
                    <Box aria-hidden sx={{ height: 3, bgcolor: palette.line }}>
                      <Box sx={{ height: 3, width: `${work.allocation_bps / 100}%`, bgcolor: palette.accent }} />
                    </Box>
                  </Box>
                ))}
              </Box>
            </Box>
          ) : null}
          <Typography variant="caption" component="p" sx={{ color: palette.muted, mt: 3 }}>
            {t('portfolio.performance.method')}
          </Typography>
        </>
      )}
    </Paper>
  );
}
