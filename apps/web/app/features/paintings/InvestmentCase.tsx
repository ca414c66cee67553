import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { Language } from '@parcelle/shared/i18n/messages';
import { shareOfWork } from '@parcelle/shared/invest-amount';
import { formatNumber } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { palette } from '../theme/theme';
import { exitFeeText, FeesAndFacts, holdingPeriod, LatestAppraisal, Row } from './SaleFacts';

/** The anchor of the case on the painting page, which the purchase screens link to. */
export const INVESTMENT_CASE_ID = 'investment-case';

/** A share of a work as a percentage, precise enough to tell 1 part in 100,000 from none ("0.0023%"). */
export function formatShare(fraction: number, language: Language): string {
  return formatNumber(fraction, language, { style: 'percent', maximumSignificantDigits: 2 });
}

function SubSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Typography id={`${id}-title`} variant="h5" component="h3" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ShareOfWork({ painting, language }: { painting: TPaintingDetail; language: Language }) {
  const { t } = useTranslation();
  const total = painting.total_part;
  const left = Math.max(0, total - painting.sold_out_part);
  if (total <= 0) return null;
  return (
    <SubSection id="case-share" title={t('paintings.case.shareTitle')}>
      <Box component="dl" sx={{ m: 0, borderTop: `1px solid ${palette.line}` }}>
        <Row
          label={t('paintings.case.sharePart')}
          value={t('paintings.case.sharePartValue', { percent: formatShare(shareOfWork(1, total), language) })}
          testId="case-share-part"
        />
        <Row
          label={t('paintings.case.shareTotal')}
          value={formatPartsQuantity(total, language)}
          testId="case-share-total"
        />
        {painting.market_state === 'primary' && (
          <Row
            label={t('paintings.case.shareLeft')}
            value={t('paintings.case.shareLeftValue', { percent: formatShare(shareOfWork(left, total), language) })}
            testId="case-share-left"
          />
        )}
      </Box>
    </SubSection>
  );
}

function HoldingAndExit({ painting, language }: { painting: TPaintingDetail; language: Language }) {
  const { t } = useTranslation();
  const years = painting.target_holding_years;
  const fee = exitFeeText(painting, language, t);
  return (
    <SubSection id="case-exit" title={t('paintings.case.exitTitle')}>
      <Stack spacing={1.5} sx={{ maxWidth: 620 }}>
        <Typography data-testid="case-exit-when">
          {years === null
            ? t('paintings.case.exitNoTarget')
            : t('paintings.case.exitTarget', { period: holdingPeriod(years, language, t) })}{' '}
          {fee === null ? t('paintings.case.exitShareNoFee') : t('paintings.case.exitShare', { fee })}
        </Typography>
        <Typography sx={{ color: palette.muted }}>{t('paintings.case.exitBefore')}</Typography>
      </Stack>
    </SubSection>
  );
}

const RISKS = [
  ['riskCapital', 'riskCapitalText'],
  ['riskLiquidity', 'riskLiquidityText'],
  ['riskValuation', 'riskValuationText'],
] as const;

function Risks() {
  const { t } = useTranslation();
  return (
    <SubSection id="case-risks" title={t('paintings.case.risksTitle')}>
      <Box component="dl" sx={{ m: 0, borderTop: `1px solid ${palette.line}` }}>
        {RISKS.map(([title, text]) => (
          <Box key={title} sx={{ py: 1.75, borderBottom: `1px solid ${palette.line}` }}>
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {t(`paintings.case.${title}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mt: 0.5, color: palette.muted }}>
              {t(`paintings.case.${text}`)}
            </Typography>
          </Box>
        ))}
      </Box>
      <MuiLink component={Link} to="/risks" data-testid="case-risks-link" sx={{ display: 'inline-block', mt: 2 }}>
        {t('paintings.case.risksLink')}
      </MuiLink>
    </SubSection>
  );
}

/**
 * The work's investment case (issue 17): what an investor needs before buying, rendered with the page on the server.
 * The fees and facts and the appraisals (issue 15) are two of its parts; the share a part represents, the holding
 * period and exit, and the main risks (linked to /risks) complete it. Headings and definition lists, no figures
 * dashboard: the work stays first on the page.
 */
export function InvestmentCase({
  painting,
  language,
  currency,
}: {
  painting: TPaintingDetail;
  language: Language;
  currency: Currency;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      id={INVESTMENT_CASE_ID}
      aria-labelledby="investment-case-title"
      data-testid="investment-case"
      sx={{ mt: { xs: 10, md: 14 }, pt: { xs: 6, md: 8 }, borderTop: `1px solid ${palette.line}`, scrollMarginTop: 24 }}
    >
      <Typography id="investment-case-title" variant="h3" component="h2" sx={{ mb: 2 }}>
        {t('paintings.case.title')}
      </Typography>
      <Typography sx={{ color: palette.muted, maxWidth: 680, mb: 2 }}>{t('paintings.case.intro')}</Typography>
      {/* Issue 30: the work's key information document, the offer's regulated summary, read before buying. */}
      <MuiLink
        component={Link}
        to={`/key-information/${painting.id}`}
        data-testid="case-key-information-link"
        sx={{ display: 'inline-block', mb: { xs: 6, md: 8 } }}
      >
        {t('keyInformation.page.link')}
      </MuiLink>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          gap: { xs: 8, md: 10 },
          alignItems: 'start',
        }}
      >
        <Stack spacing={{ xs: 8, md: 10 }}>
          <LatestAppraisal painting={painting} language={language} />
          <ShareOfWork painting={painting} language={language} />
          <Risks />
        </Stack>
        <Stack spacing={{ xs: 8, md: 10 }}>
          <FeesAndFacts painting={painting} language={language} currency={currency} />
          <HoldingAndExit painting={painting} language={language} />
        </Stack>
      </Box>
    </Box>
  );
}
