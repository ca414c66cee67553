import { Box, Button, Pagination, PaginationItem, Skeleton, Typography } from '@mui/material';
import { PAGE_SIZE } from '@parcelle/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useRetryProps } from '../../document/document';
import { type MarketType, usePaintings } from '../catalogue/api';
import { formatCount } from '../catalogue/format';
import { pageFromSearch } from '../catalogue/paths';
import { useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import styles from './market-screen.module.css';
import { PaintingCard } from './PaintingCard';
import cardStyles from './painting-card.module.css';

function CardSkeleton() {
  return (
    <Box aria-hidden="true">
      <Box sx={{ bgcolor: palette.paper, p: { xs: 2.5, md: 3 }, border: `1px solid ${palette.line}` }}>
        <Skeleton variant="rectangular" animation="wave" sx={{ aspectRatio: '4 / 5', height: 'auto' }} />
      </Box>
      <Skeleton width="40%" sx={{ mt: 3 }} />
      <Skeleton width="75%" height={36} />
      <Skeleton width="20%" />
      <Skeleton width="100%" sx={{ mt: 3 }} />
      <Skeleton width="60%" />
    </Box>
  );
}

/** The empty market: the secondary market explains when it opens and for whom (spec §1). */
function EmptyMarket({ type }: { type: MarketType }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="market-empty"
      sx={{
        py: { xs: 8, md: 12 },
        px: { xs: 3, md: 8 },
        border: `1px solid ${palette.line}`,
        bgcolor: palette.paper,
        maxWidth: 760,
      }}
    >
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {t(`paintings.market.${type}.emptyTitle`)}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: type === 'secondary' ? 4 : 0, maxWidth: 560 }}>
        {t(`paintings.market.${type}.emptyText`)}
      </Typography>
      {type === 'secondary' && (
        <Button component={Link} to="/primary-market" variant="outlined">
          {t('paintings.market.toPrimary')}
        </Button>
      )}
    </Box>
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
  const retry = useRetryProps(() => query.refetch());
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
    body = (
      <Box role="alert" data-testid="market-error" sx={{ py: 6, maxWidth: 640 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
          {t('paintings.market.errorTitle')}
        </Typography>
        <Typography variant="subtitle1" sx={{ mb: 3 }}>
          {errorText(query.error)[language]}
        </Typography>
        <Button variant="outlined" {...retry}>
          {t('paintings.retry')}
        </Button>
      </Box>
    );
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
      <Box sx={{ py: 6 }} data-testid="market-page-empty">
        <Typography variant="subtitle1" sx={{ mb: 3 }}>
          {t('paintings.market.pageEmpty')}
        </Typography>
        <Button component={Link} to={pageHref(1)} variant="outlined">
          {t('paintings.market.firstPage')}
        </Button>
      </Box>
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
          {data.paintings.map((painting, index) => (
            <PaintingCard key={painting.id} painting={painting} baseUrl={data.base_url} priority={index < 3} />
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
          <Box
            component="nav"
            aria-label={t('paintings.market.pagination')}
            sx={{ mt: { xs: 8, md: 10 }, display: 'flex', justifyContent: 'center' }}
          >
            <Pagination
              data-testid="market-pagination"
              page={Math.min(page, pageCount)}
              count={pageCount}
              shape="rounded"
              siblingCount={1}
              getItemAriaLabel={(kind, target, selected) =>
                kind === 'page'
                  ? t(selected ? 'paintings.market.currentPage' : 'paintings.market.goToPage', { page: target })
                  : t(kind === 'next' ? 'paintings.market.nextPage' : 'paintings.market.previousPage')
              }
              renderItem={(item) => <PaginationItem component={Link} to={pageHref(item.page ?? 1)} {...item} />}
            />
          </Box>
        )}
      </div>
    </div>
  );
}
