import type { Currency } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { Language } from '@parcelle/shared/i18n/messages';
import { shareOfWork } from '@parcelle/shared/invest-amount';
import { formatNumber } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './investment-case.module.css';
import { exitFeeText, FeesAndFacts, holdingPeriod, LatestAppraisal, Row } from './SaleFacts';

/** The anchor of the case on the painting page, which the purchase screens link to. */
export const INVESTMENT_CASE_ID = 'investment-case';

/** A share of a work as a percentage, precise enough to tell 1 part in 100,000 from none ("0.0023%"). */
export function formatShare(fraction: number, language: Language): string {
  return formatNumber(fraction, language, { style: 'percent', maximumSignificantDigits: 2 });
}

function SubSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id}>
      <h3 id={`${id}-title`} className={styles.heading}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function ShareOfWork({ painting, language }: { painting: TPaintingDetail; language: Language }) {
  const { t } = useTranslation();
  const total = painting.total_part;
  const left = Math.max(0, total - painting.sold_out_part);
  if (total <= 0) return null;
  return (
    <SubSection id="case-share" title={t('paintings.case.shareTitle')}>
      <dl className={styles.list}>
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
      </dl>
    </SubSection>
  );
}

function HoldingAndExit({ painting, language }: { painting: TPaintingDetail; language: Language }) {
  const { t } = useTranslation();
  const years = painting.target_holding_years;
  const fee = exitFeeText(painting, language, t);
  return (
    <SubSection id="case-exit" title={t('paintings.case.exitTitle')}>
      <div className={styles.exit}>
        <p data-testid="case-exit-when" className={styles.text}>
          {years === null
            ? t('paintings.case.exitNoTarget')
            : t('paintings.case.exitTarget', { period: holdingPeriod(years, language, t) })}{' '}
          {fee === null ? t('paintings.case.exitShareNoFee') : t('paintings.case.exitShare', { fee })}
        </p>
        <p className={`${styles.text} ${styles.muted}`}>{t('paintings.case.exitBefore')}</p>
      </div>
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
      <dl className={styles.list}>
        {RISKS.map(([title, text]) => (
          <div key={title} className={styles.risk}>
            <dt className={styles.riskTitle}>{t(`paintings.case.${title}`)}</dt>
            <dd className={styles.riskText}>{t(`paintings.case.${text}`)}</dd>
          </div>
        ))}
      </dl>
      <Link to="/risks" data-testid="case-risks-link" className={styles.risksLink}>
        {t('paintings.case.risksLink')}
      </Link>
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
    <section
      id={INVESTMENT_CASE_ID}
      aria-labelledby="investment-case-title"
      data-testid="investment-case"
      className={styles.case}
    >
      <h2 id="investment-case-title" className={styles.title}>
        {t('paintings.case.title')}
      </h2>
      <p className={styles.intro}>{t('paintings.case.intro')}</p>
      {/* Issue 30: the work's key information document, the offer's regulated summary, read before buying. */}
      <Link
        to={`/key-information/${painting.id}`}
        data-testid="case-key-information-link"
        className={styles.keyInformation}
      >
        {t('keyInformation.page.link')}
      </Link>
      <div className={styles.columns}>
        <div className={styles.stack}>
          <LatestAppraisal painting={painting} language={language} />
          <ShareOfWork painting={painting} language={language} />
          <Risks />
        </div>
        <div className={styles.stack}>
          <FeesAndFacts painting={painting} language={language} currency={currency} />
          <HoldingAndExit painting={painting} language={language} />
        </div>
      </div>
    </section>
  );
}
