import { formatDate } from '@parcelle/shared/dates';
import { MARKET } from '@parcelle/shared/market';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { PageError, type PageErrorClasses } from '../feedback/PageError';
// The only page that imports it: its rules go into this page's stylesheet, not a shared one (decision 553).
import pageError from '../feedback/page-error.module.css';
import { localized, useLanguage } from '../i18n/language';
import { PageContainer } from '../layout/PageContainer';
import page from '../layout/page.module.css';
import { usePageMeta } from '../layout/use-page-meta';
import { pastExitsQuery } from './api';
import { formatBps } from './format';
import styles from './past-exits.module.css';

const { alert, icon, message, action, retry } = pageError;
const ERROR: PageErrorClasses = { alert, icon, message, action, retry };

/**
 * /exits (issue 17): the works sold by a vote of their co-owners, most recent first, each with its sale price, its
 * first sale price and the total return for the co-owners between the two. Rendered on the server (routes/exits.tsx),
 * plain elements on CSS Modules (issue 33): the document carries no MUI.
 */
export function PastExitsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery(pastExitsQuery);
  usePageMeta(t('exits.past.title'), t('exits.past.metaDescription'));
  const exits = query.data?.exits ?? [];
  const baseUrl = query.data?.base_url ?? '';
  return (
    <PageContainer>
      <div data-testid="past-exits-screen" className={styles.screen}>
        <header className={styles.header}>
          <p className={page.eyebrow}>{t('exits.past.eyebrow')}</p>
          <h1 className={page.title}>{t('exits.past.title')}</h1>
          <p className={styles.intro}>{t('exits.past.intro')}</p>
        </header>
        {query.isError && !query.data ? (
          <PageError classes={ERROR} retryLabel={t('exits.past.retry')} onRetry={() => query.refetch()}>
            {t('exits.past.error')}
          </PageError>
        ) : query.data && exits.length === 0 ? (
          <p data-testid="past-exits-empty" className={styles.empty}>
            {t('exits.past.empty')}
          </p>
        ) : (
          <ul aria-label={t('exits.past.listLabel')} className={styles.list}>
            {exits.map((exit) => {
              const title = localized(exit.painting.title, language);
              return (
                <li
                  key={exit.reference}
                  data-testid="past-exit"
                  data-reference={exit.reference}
                  className={styles.exit}
                >
                  <ArtworkImage
                    src={mediaUrl(baseUrl, exit.painting.img)}
                    alt=""
                    sizes="(max-width: 899px) 100vw, 480px"
                    className={styles.picture}
                  />
                  <div>
                    <h2 className={styles.work}>
                      <Link to={paintingPath({ id: exit.painting.id, market: MARKET.sold })} className={styles.link}>
                        {title}
                      </Link>
                    </h2>
                    <p className={styles.meta}>
                      {t('exits.past.byArtist', { artist: exit.painting.artist })} ·{' '}
                      {t('exits.past.soldOn', { date: formatDate(exit.sold_at, language) })}
                    </p>
                    <dl className={styles.figures}>
                      <div>
                        <dt>{t('exits.past.offer')}</dt>
                        <dd data-testid="past-exit-offer">{formatAmount(exit.offer, language)}</dd>
                      </div>
                      <div>
                        <dt>{t('exits.past.firstSale')}</dt>
                        <dd>{formatAmount(exit.first_sale, language)}</dd>
                      </div>
                      <div>
                        <dt>{t('exits.past.return')}</dt>
                        <dd data-testid="past-exit-return">{formatBps(exit.return_bps, language, true)}</dd>
                      </div>
                    </dl>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </PageContainer>
  );
}
