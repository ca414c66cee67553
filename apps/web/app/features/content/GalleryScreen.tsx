import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { useGalleries } from '../catalogue/api';
import { mediaUrl } from '../catalogue/format';
import { pageFromSearch } from '../catalogue/paths';
import { PageError, type PageErrorClasses } from '../feedback/PageError';
import buttons from '../forms/plain-button.module.css';
import { localized, useLanguage } from '../i18n/language';
import { Pagination, type PaginationClasses } from '../layout/Pagination';
import { usePageMeta } from '../layout/use-page-meta';
import { errorText } from '../session/api-error';
import styles from './gallery-screen.module.css';
import { followGalleryViews, galleryItemId, galleryViewId } from './gallery-views';
import { Lightbox, type LightboxImage } from './Lightbox';

export const GALLERY_PAGE_SIZE = 12;

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

function GallerySkeleton() {
  return (
    <ul className={styles.grid} aria-busy="true" data-testid="gallery-loading">
      {['a', 'b', 'c', 'd', 'e', 'f'].map((slot) => (
        <li key={slot}>
          <span className={styles.pictureBone} />
          <span className={styles.line} />
        </li>
      ))}
    </ul>
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
    <div className={styles.page}>
      <div data-testid="gallery-screen" className={styles.screen}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>{t('content.gallery.eyebrow')}</p>
          <h1 className={styles.title}>{t('pages.gallery')}</h1>
          <div className={styles.rule} />
          <p className={styles.intro}>{t('content.gallery.intro')}</p>
        </header>

        {query.isPending && <GallerySkeleton />}
        {query.isError && !data && (
          <PageError
            classes={ERROR}
            testId="gallery-error"
            retryLabel={t('content.page.retry')}
            onRetry={() => query.refetch()}
          >
            {localized(errorText(query.error), language)}
          </PageError>
        )}
        {data && images.length === 0 && (
          <div data-testid="gallery-empty" className={styles.empty}>
            <p className={styles.emptyText}>{page > 1 ? t('content.gallery.pageEmpty') : t('content.gallery.empty')}</p>
            {page > 1 && (
              <Link to="/gallery" className={`${buttons.button} ${buttons.outlined}`}>
                {t('content.gallery.firstPage')}
              </Link>
            )}
          </div>
        )}
        {images.length > 0 && (
          <ul className={query.isPlaceholderData ? `${styles.grid} ${styles.stale}` : styles.grid}>
            {images.map((image, index) => (
              <li key={image.id} data-testid="gallery-item">
                <a
                  href={`#${galleryViewId(image.id)}`}
                  id={galleryItemId(image.id)}
                  data-gallery-item=""
                  aria-label={t('content.gallery.open', { title: image.title })}
                  className={styles.item}
                >
                  <ArtworkImage
                    src={image.src}
                    alt=""
                    sizes="(max-width: 600px) 100vw, (max-width: 900px) 50vw, 400px"
                    priority={index < 3}
                    ratio={4 / 5}
                    className={styles.picture}
                  />
                </a>
                <h2 className={styles.name}>{image.title}</h2>
              </li>
            ))}
          </ul>
        )}
        {data && pageCount > 1 && (
          <nav aria-label={t('content.gallery.pagination')} className={styles.pages}>
            <Pagination
              classes={PAGES}
              testId="gallery-pagination"
              page={page}
              count={pageCount}
              hrefOf={galleryPageHref}
              labelOf={(kind, target, selected) =>
                kind === 'page'
                  ? t(selected ? 'content.gallery.currentPage' : 'content.gallery.goToPage', { page: target })
                  : t(kind === 'next' ? 'content.gallery.nextPage' : 'content.gallery.previousPage')
              }
            />
          </nav>
        )}
      </div>
      <Lightbox images={images} />
    </div>
  );
}
