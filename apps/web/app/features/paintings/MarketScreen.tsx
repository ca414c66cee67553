import { PAGE_SIZE } from '@parcelle/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Retry } from '../../document/Retry';
import { type MarketType, usePaintings } from '../catalogue/api';
import { formatCount } from '../catalogue/format';
import { pageFromSearch } from '../catalogue/paths';
import buttons from '../forms/plain-button.module.css';
import { useLanguage } from '../i18n/language';
import { Pagination, type PaginationClasses } from '../layout/Pagination';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { errorText } from '../session/api-error';
import styles from './market-screen.module.css';
import { PaintingCard } from './PaintingCard';
import cardStyles from './painting-card.module.css';

const OUTLINED = `${buttons.button} ${buttons.outlined}`;

const PAGES: PaginationClasses = {
  list: styles.pageList,
  item: styles.pageItem,
  selected: styles.pageSelected,
  disabled: styles.pageDisabled,
  ellipsis: styles.pageEllipsis,
  icon: styles.pageIcon,
};

/** A card's place while the market loads: MUI's Skeletons as they were drawn (the picture a wave, the lines pulsing). */
function CardSkeleton() {
  return (
    <div aria-hidden="true">
      <div className={styles.skeletonFrame}>
        <span className={styles.skeletonPicture} />
      </div>
      <span className={`${styles.line} ${styles.lineFirst}`} style={{ width: '40%' }} />
      <span className={styles.line} style={{ width: '75%', height: 36 }} />
      <span className={styles.line} style={{ width: '20%' }} />
      <span className={`${styles.line} ${styles.lineFirst}`} style={{ width: '100%' }} />
      <span className={styles.line} style={{ width: '60%' }} />
    </div>
  );
}

/** The empty market: the secondary market explains when it opens and for whom (spec §1). */
function EmptyMarket({ type }: { type: MarketType }) {
  const { t } = useTranslation();
  return (
    <div data-testid="market-empty" className={styles.empty}>
      <h2 className={styles.emptyTitle}>{t(`paintings.market.${type}.emptyTitle`)}</h2>
      <p className={type === 'secondary' ? `${styles.emptyText} ${styles.beforeButton}` : styles.emptyText}>
        {t(`paintings.market.${type}.emptyText`)}
      </p>
      {type === 'secondary' && (
        <Link to="/primary-market" className={OUTLINED}>
          {t('paintings.market.toPrimary')}
        </Link>
      )}
    </div>
  );
}

/** The market could not be read: a link to the same address in a document, a button in the app. */
function MarketError({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="market-error" className={styles.error}>
      <h2 className={styles.errorTitle}>{t('paintings.market.errorTitle')}</h2>
      <p className={styles.message}>{message}</p>
      <Retry label={t('paintings.retry')} onRetry={onRetry} className={OUTLINED} />
    </div>
  );
}

/**
 * /primary-market and /secondary-market (spec §2): the works of one market, 6 a page (spec §9), the page
 * in the address (`?page=`) so that it can be shared and the back button returns to it.
 */
export function MarketScreen({ type }: { type: MarketType }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const location = useLocation();
  const [search] = useSearchParams();
  const page = pageFromSearch(search.get('page'));
  const limit = PAGE_SIZE.market;
  const query = usePaintings(type, limit, (page - 1) * limit, currency);
  const title = t(`paintings.market.${type}.title`);
  usePageMeta(title, t(`paintings.market.${type}.metaDescription`));

  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / limit)) : 0;
  const pageHref = (target: number) => {
    const next = new URLSearchParams(search);
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    const text = next.toString();
    return `${location.pathname}${text ? `?${text}` : ''}`;
  };

  let body: ReactNode;
  if (query.isError && !data) {
    body = <MarketError message={errorText(query.error)[language]} onRetry={() => query.refetch()} />;
  } else if (!data) {
    body = (
      <div className={cardStyles.grid} aria-busy="true" aria-label={t('paintings.market.loading')} role="status">
        {Array.from({ length: limit }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <CardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (data.total === 0) {
    body = <EmptyMarket type={type} />;
  } else if (data.paintings.length === 0) {
    body = (
      <div data-testid="market-page-empty" className={styles.pageEmpty}>
        <p className={styles.message}>{t('paintings.market.pageEmpty')}</p>
        <Link to={pageHref(1)} className={OUTLINED}>
          {t('paintings.market.firstPage')}
        </Link>
      </div>
    );
  } else {
    const from = (page - 1) * limit + 1;
    const to = from + data.paintings.length - 1;
    body = (
      <>
        <p className={styles.range} aria-live="polite">
          {t('paintings.market.range', {
            from: formatCount(from, language),
            to: formatCount(to, language),
            total: formatCount(data.total, language),
            count: data.total,
          })}
        </p>
        <div
          className={query.isPlaceholderData ? `${cardStyles.grid} ${cardStyles.stale}` : cardStyles.grid}
          aria-busy={query.isPlaceholderData}
        >
          {/* The first card's artwork is preloaded from the head (page-loaders.ts) and alone fetched first: on a phone
              it is the only one above the fold, and three at high priority shared the bandwidth it needs. */}
          {data.paintings.map((painting, index) => (
            <PaintingCard key={painting.id} painting={painting} baseUrl={data.base_url} priority={index === 0} />
          ))}
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div data-testid="market-screen" data-market={type} className={styles.screen}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>{t(`paintings.market.${type}.eyebrow`)}</p>
          <h1 className={styles.title}>{title}</h1>
          <div className={styles.rule} />
          <p className={styles.intro}>{t(`paintings.market.${type}.intro`)}</p>
        </header>
        {body}
        {data && pageCount > 1 && (
          <nav aria-label={t('paintings.market.pagination')} className={styles.pages}>
            <Pagination
              classes={PAGES}
              testId="market-pagination"
              page={page}
              count={pageCount}
              hrefOf={pageHref}
              labelOf={(kind, target, selected) =>
                kind === 'page'
                  ? t(selected ? 'paintings.market.currentPage' : 'paintings.market.goToPage', { page: target })
                  : t(kind === 'next' ? 'paintings.market.nextPage' : 'paintings.market.previousPage')
              }
            />
          </nav>
        )}
      </div>
    </div>
  );
}
