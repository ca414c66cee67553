import { Alert, Box, Button, Pagination, PaginationItem, Skeleton, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { useGalleries } from '../catalogue/api';
import { mediaUrl } from '../catalogue/format';
import { pageFromSearch } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { PageContainer } from '../layout/PageContainer';
import { usePageMeta } from '../layout/use-page-meta';
import { errorText } from '../session/api-error';
import { fonts, palette } from '../theme/theme';
import { followGalleryViews, galleryItemId, galleryViewId } from './gallery-views';
import { Lightbox, type LightboxImage } from './Lightbox';

export const GALLERY_PAGE_SIZE = 12;

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  columnGap: { xs: 3, md: 4 },
  rowGap: { xs: 5, md: 7 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
} as const;

function GallerySkeleton() {
  return (
    <Box component="ul" sx={gridSx} aria-busy="true" data-testid="gallery-loading">
      {['a', 'b', 'c', 'd', 'e', 'f'].map((slot) => (
        <li key={slot}>
          <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 5', height: 'auto' }} />
          <Skeleton variant="text" width="60%" sx={{ mt: 2, fontSize: 22 }} />
        </li>
      ))}
    </Box>
  );
}

/** The address of a page of the gallery (the first one has none). */
export const galleryPageHref = (page: number) => (page <= 1 ? '/gallery' : `/gallery?page=${page}`);

/**
 * /gallery: moments of Parcelle's life, 12 per page (?page=), each opening large. A document (decision 482): the
 * pages are links, each picture a link to its view (Lightbox.tsx), so it reads and moves without a script.
 */
export function GalleryScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [search] = useSearchParams();
  const page = pageFromSearch(search.get('page'));
  const query = useGalleries(GALLERY_PAGE_SIZE, (page - 1) * GALLERY_PAGE_SIZE);
  usePageMeta(t('pages.gallery'), t('content.meta.gallery'));
  // The app's part of what the document runtime does on this page: the views' keys and focus.
  useEffect(() => followGalleryViews(document), []);

  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / GALLERY_PAGE_SIZE)) : 1;
  const images: LightboxImage[] =
    data?.galleries.map((gallery) => ({
      id: gallery._id,
      src: mediaUrl(data.base_url, gallery.image),
      title: localized(gallery.title, language),
    })) ?? [];

  return (
    <PageContainer>
      <Box data-testid="gallery-screen" sx={{ py: { xs: 7, md: 12 } }}>
        <Box component="header" sx={{ mb: { xs: 6, md: 9 }, maxWidth: 720 }}>
          <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
            {t('content.gallery.eyebrow')}
          </Typography>
          <Typography variant="h1" sx={{ mt: 1.5, mb: 3 }}>
            {t('pages.gallery')}
          </Typography>
          <Box sx={{ width: 56, height: '1px', bgcolor: palette.accent, mb: 3 }} />
          <Typography variant="subtitle1" sx={{ fontSize: 17 }}>
            {t('content.gallery.intro')}
          </Typography>
        </Box>

        {query.isPending && <GallerySkeleton />}
        {query.isError && !data && (
          <Alert
            severity="error"
            data-testid="gallery-error"
            action={
              <Button color="inherit" size="small" onClick={() => query.refetch()}>
                {t('content.page.retry')}
              </Button>
            }
          >
            {localized(errorText(query.error), language)}
          </Alert>
        )}
        {data && images.length === 0 && (
          <Box data-testid="gallery-empty" sx={{ py: 6 }}>
            <Typography variant="subtitle1" sx={{ mb: 3 }}>
              {page > 1 ? t('content.gallery.pageEmpty') : t('content.gallery.empty')}
            </Typography>
            {page > 1 && (
              <Button component={Link} to="/gallery" variant="outlined">
                {t('content.gallery.firstPage')}
              </Button>
            )}
          </Box>
        )}
        {images.length > 0 && (
          <Box component="ul" sx={{ ...gridSx, opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
            {images.map((image, index) => (
              <li key={image.id} data-testid="gallery-item">
                <Box
                  component="a"
                  href={`#${galleryViewId(image.id)}`}
                  id={galleryItemId(image.id)}
                  data-gallery-item=""
                  aria-label={t('content.gallery.open', { title: image.title })}
                  sx={{
                    display: 'block',
                    width: '100%',
                    '&:hover img, &:focus-visible img': { transform: 'scale(1.03)' },
                    '&:focus-visible': { outline: `2px solid ${palette.accent}`, outlineOffset: 4 },
                  }}
                >
                  <ArtworkImage
                    src={image.src}
                    alt=""
                    sizes="(max-width: 600px) 100vw, (max-width: 900px) 50vw, 400px"
                    priority={index < 3}
                    ratio={4 / 5}
                    sx={{
                      boxShadow: '0 18px 40px rgba(28, 27, 25, 0.10)',
                      '& img': { transition: 'transform .6s ease' },
                    }}
                  />
                </Box>
                <Typography
                  component="h2"
                  sx={{ mt: 2.25, fontFamily: fonts.display, fontSize: 23, fontWeight: 500, lineHeight: 1.25 }}
                >
                  {image.title}
                </Typography>
              </li>
            ))}
          </Box>
        )}
        {data && pageCount > 1 && (
          <Box sx={{ mt: { xs: 7, md: 10 }, display: 'flex', justifyContent: 'center' }}>
            <Pagination
              data-testid="gallery-pagination"
              page={Math.min(page, pageCount)}
              count={pageCount}
              shape="rounded"
              siblingCount={1}
              renderItem={(item) =>
                item.page === null || item.type.endsWith('ellipsis') ? (
                  <PaginationItem {...item} />
                ) : (
                  <PaginationItem component={Link} to={galleryPageHref(item.page)} {...item} />
                )
              }
              getItemAriaLabel={(type, item, selected) =>
                type === 'page'
                  ? t(selected ? 'content.gallery.currentPage' : 'content.gallery.goToPage', { page: item })
                  : t(type === 'next' ? 'content.gallery.nextPage' : 'content.gallery.previousPage')
              }
            />
          </Box>
        )}
      </Box>
      <Lightbox images={images} />
    </PageContainer>
  );
}
