import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useArtists } from '../catalogue/api';
import { pageFromSearch } from '../catalogue/paths';
import { PageError, type PageErrorClasses } from '../feedback/PageError';
import buttons from '../forms/plain-button.module.css';
import { localized, useLanguage } from '../i18n/language';
import { Pagination, type PaginationClasses } from '../layout/Pagination';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { errorText } from '../session/api-error';
import { ArtistCard, ArtistCardSkeleton } from './ArtistCard';
import styles from './artists-screen.module.css';
import { ARTISTS_PAGE_SIZE } from './figures';

const PAGES: PaginationClasses = {
  list: styles.pageList,
  item: styles.pageItem,
  selected: styles.pageSelected,
  disabled: styles.pageDisabled,
  ellipsis: styles.pageEllipsis,
  icon: styles.pageIcon,
};

const ERROR: PageErrorClasses = {
  alert: styles.errorAlert,
  icon: styles.errorIcon,
  message: styles.errorMessage,
  action: styles.errorAction,
  retry: styles.errorRetry,
};
/** The link of a page of /artists: page 1 is the bare address. */
const pageHref = (page: number) => (page <= 1 ? '/artists' : `/artists?page=${page}`);

/**
 * /artists: the wall of artists, paginated in the database (limit/offset), the page kept in `?page=`. Plain elements
 * on `artists-screen.module.css` (issue 33, decision 555); its pages are links that work without a script.
 */
export function ArtistsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const [search] = useSearchParams();
  const page = pageFromSearch(search.get('page'));
  const offset = (page - 1) * ARTISTS_PAGE_SIZE;
  const query = useArtists(ARTISTS_PAGE_SIZE, offset, currency);
  usePageMeta(t('artists.list.title'), t('artists.list.metaDescription'));

  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / ARTISTS_PAGE_SIZE)) : 1;
  const stale = query.isPlaceholderData;

  return (
    <div className={styles.page}>
      <div data-testid="artists-screen" className={styles.screen}>
        <header className={styles.header}>
          <div>
            <p className={styles.eyebrow}>{t('artists.list.eyebrow')}</p>
            <h1 className={styles.title}>{t('artists.list.title')}</h1>
          </div>
          <div className={styles.rule} />
          <p className={styles.intro}>{t('artists.list.intro')}</p>
        </header>

        {query.isError && !data ? (
          <PageError
            classes={ERROR}
            testId="artists-error"
            retryLabel={t('artists.error.retry')}
            onRetry={() => query.refetch()}
          >
            {localized(errorText(query.error), language)}
          </PageError>
        ) : !data ? (
          <div className={styles.wall} data-testid="artists-loading" aria-busy="true">
            {Array.from({ length: ARTISTS_PAGE_SIZE }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
              <ArtistCardSkeleton key={index} />
            ))}
          </div>
        ) : data.artists.length === 0 ? (
          <div data-testid="artists-empty" className={styles.empty}>
            <p className={styles.emptyText}>{t('artists.list.empty')}</p>
            {page > 1 && (
              <Link to="/artists" className={`${buttons.button} ${buttons.outlined}`}>
                {t('artists.list.firstPage')}
              </Link>
            )}
          </div>
        ) : (
          <ul
            aria-label={t('artists.list.grid')}
            aria-busy={stale}
            className={stale ? `${styles.list} ${styles.stale}` : styles.list}
          >
            {data.artists.map((artist, index) => (
              <li key={artist.id} className={styles.item}>
                <ArtistCard artist={artist} baseUrl={data.base_url} currency={currency} priority={index < 3} />
              </li>
            ))}
          </ul>
        )}

        {query.isError && data && (
          <PageError classes={ERROR} className={styles.errorAfter}>
            {localized(errorText(query.error), language)}
          </PageError>
        )}

        {data && pageCount > 1 && (
          <nav aria-label={t('artists.list.pagination')} className={styles.pages}>
            <Pagination
              classes={PAGES}
              testId="artists-pagination"
              page={page}
              count={pageCount}
              hrefOf={pageHref}
              labelOf={(kind, target, selected) =>
                kind === 'page'
                  ? t(selected ? 'artists.list.currentPage' : 'artists.list.goToPage', { page: target })
                  : t(kind === 'next' ? 'artists.list.nextPage' : 'artists.list.previousPage')
              }
            />
          </nav>
        )}
      </div>
    </div>
  );
}
