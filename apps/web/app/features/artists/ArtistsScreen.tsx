import { Alert, Box, Button, Pagination, PaginationItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRetryProps } from '../../document/document';
import { useArtists } from '../catalogue/api';
import { pageFromSearch } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { PageContainer } from '../layout/PageContainer';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { ArtistCard, ArtistCardSkeleton } from './ArtistCard';
import { ARTISTS_PAGE_SIZE } from './figures';

const wall = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  columnGap: { sm: 4, md: 6 },
  rowGap: { xs: 4, sm: 7, md: 9 },
} as const;

/** The link of a page of /artists: page 1 is the bare address. */
const pageSearch = (page: number) => (page <= 1 ? '' : `?page=${page}`);

/** /artists: the wall of artists, paginated in the database (limit/offset), the page kept in `?page=`. */
export function ArtistsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const [search] = useSearchParams();
  const page = pageFromSearch(search.get('page'));
  const offset = (page - 1) * ARTISTS_PAGE_SIZE;
  const query = useArtists(ARTISTS_PAGE_SIZE, offset, currency);
  const retry = useRetryProps(() => query.refetch());
  usePageMeta(t('artists.list.title'), t('artists.list.metaDescription'));

  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / ARTISTS_PAGE_SIZE)) : 1;
  const stale = query.isPlaceholderData;

  return (
    <PageContainer>
      <Box data-testid="artists-screen" sx={{ pt: { xs: 6, md: 9 }, pb: { xs: 10, md: 16 } }}>
        <Box
          component="header"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            columnGap: 10,
            alignItems: 'end',
            mb: { xs: 6, md: 9 },
            pb: { md: 5 },
            borderBottom: { md: `1px solid ${palette.line}` },
          }}
        >
          <Box>
            <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
              {t('artists.list.eyebrow')}
            </Typography>
            <Typography variant="h1" sx={{ mt: 1.5, mb: { xs: 3, md: 0 } }}>
              {t('artists.list.title')}
            </Typography>
          </Box>
          <Box
            sx={{ display: { xs: 'block', md: 'none' }, width: 56, height: '1px', bgcolor: palette.accent, mb: 3 }}
          />
          <Typography variant="subtitle1" sx={{ fontSize: { xs: 16, md: 17 }, maxWidth: 560 }}>
            {t('artists.list.intro')}
          </Typography>
        </Box>

        {query.isError && !data ? (
          <Alert
            severity="error"
            data-testid="artists-error"
            action={
              <Button color="inherit" size="small" {...retry}>
                {t('artists.error.retry')}
              </Button>
            }
          >
            {localized(errorText(query.error), language)}
          </Alert>
        ) : !data ? (
          <Box sx={wall} data-testid="artists-loading" aria-busy="true">
            {Array.from({ length: ARTISTS_PAGE_SIZE }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
              <ArtistCardSkeleton key={index} />
            ))}
          </Box>
        ) : data.artists.length === 0 ? (
          <Box data-testid="artists-empty" sx={{ py: 6 }}>
            <Typography variant="subtitle1" sx={{ mb: 3 }}>
              {t('artists.list.empty')}
            </Typography>
            {page > 1 && (
              <Button component={Link} to="/artists" variant="outlined">
                {t('artists.list.firstPage')}
              </Button>
            )}
          </Box>
        ) : (
          <Box
            component="ul"
            aria-label={t('artists.list.grid')}
            aria-busy={stale}
            sx={{
              ...wall,
              listStyle: 'none',
              p: 0,
              m: 0,
              opacity: stale ? 0.55 : 1,
              transition: 'opacity 200ms ease',
            }}
          >
            {data.artists.map((artist, index) => (
              <Box component="li" key={artist.id} sx={{ minWidth: 0 }}>
                <ArtistCard artist={artist} baseUrl={data.base_url} currency={currency} priority={index < 3} />
              </Box>
            ))}
          </Box>
        )}

        {query.isError && data && (
          <Alert severity="error" sx={{ mt: 4 }}>
            {localized(errorText(query.error), language)}
          </Alert>
        )}

        {data && pageCount > 1 && (
          <Box component="nav" aria-label={t('artists.list.pagination')} sx={{ mt: { xs: 8, md: 12 } }}>
            <Pagination
              data-testid="artists-pagination"
              page={Math.min(page, pageCount)}
              count={pageCount}
              shape="rounded"
              siblingCount={1}
              sx={{ '& .MuiPagination-ul': { justifyContent: 'center' } }}
              renderItem={(item) => (
                <PaginationItem
                  component={Link}
                  to={{ pathname: '/artists', search: pageSearch(item.page ?? 1) }}
                  {...item}
                />
              )}
            />
          </Box>
        )}
      </Box>
    </PageContainer>
  );
}
