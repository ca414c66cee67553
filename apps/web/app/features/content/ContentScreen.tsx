import type { ContentType } from '@parcelle/shared/contracts/catalogue';
import { formatDate } from '@parcelle/shared/dates';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContentPage } from '../catalogue/api';
import { PageError, type PageErrorClasses } from '../feedback/PageError';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { errorText } from '../session/api-error';
import { ContentBlocks, headingsOf } from './ContentBlocks';
import styles from './content.module.css';
import { CONTENT_PAGES, isLegal, SECTION_LABEL, siblingsOf } from './pages';

const ERROR: PageErrorClasses = {
  alert: styles.errorAlert,
  icon: styles.errorIcon,
  message: styles.errorMessage,
  action: styles.errorAction,
  retry: styles.errorRetry,
};

/** A table of contents is offered from this many headings. */
const TOC_MIN_HEADINGS = 3;

/** MUI's Skeletons as the page drew them while it loads: a title, a rule and three paragraphs. */
function LoadingPage() {
  return (
    <div aria-busy="true" data-testid="content-loading" className={styles.loading}>
      <span className={`${styles.line} ${styles.loadingTitle}`} style={{ width: '55%' }} />
      <span className={styles.loadingRule} />
      {[0, 1, 2].map((paragraph) => (
        <div key={paragraph} className={styles.loadingParagraph}>
          <span className={styles.line} />
          <span className={styles.line} />
          <span className={styles.line} style={{ width: '70%' }} />
        </div>
      ))}
    </div>
  );
}

function Contents({ headings }: { headings: { text: string; anchor: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('content.page.contents')} className={styles.contents}>
      <p className={styles.label}>{t('content.page.contents')}</p>
      <ol className={styles.contentsList}>
        {headings.map((heading) => (
          <li key={heading.anchor}>
            <a href={`#${heading.anchor}`} className={styles.contentsLink}>
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function SeeAlso({ type }: { type: ContentType }) {
  const { t } = useTranslation();
  const siblings = siblingsOf(type);
  if (siblings.length === 0) return null;
  return (
    <nav aria-label={t('content.page.seeAlso')} className={styles.seeAlso}>
      <p className={styles.label}>{t('content.page.seeAlso')}</p>
      <ul className={styles.seeAlsoList}>
        {siblings.map((sibling) => (
          <li key={sibling.type}>
            <Link to={sibling.path} className={styles.seeAlsoLink}>
              {t(sibling.nameKey)}
              <span aria-hidden="true" className={styles.arrow}>
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * One editorial page of spec §2 (about, team, board, FAQ, legal texts…), from GET /content/?type=: plain elements on
 * `content.module.css` (issue 33, decision 552).
 */
export function ContentScreen({ type }: { type: ContentType }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = CONTENT_PAGES[type];
  const query = useContentPage(type);
  const data = query.data;
  const title = data ? localized(data.title, language) : t(page.nameKey);
  usePageMeta(title, t(page.descriptionKey));

  const blocks = data ? (data.body[language] ?? data.body.en) : [];
  const headings = headingsOf(blocks);
  const withContents = headings.length >= TOC_MIN_HEADINGS;

  return (
    <div className={styles.page}>
      <article
        data-testid="content-screen"
        data-type={type}
        className={withContents ? `${styles.article} ${styles.withContents}` : styles.article}
      >
        {withContents && <div className={styles.aside} />}
        <header className={styles.header}>
          <p className={styles.eyebrow}>{t(SECTION_LABEL[page.section])}</p>
          <h1 data-testid="content-title" className={styles.title}>
            {data ? title : query.isPending ? <span className={styles.line} style={{ width: '70%' }} /> : title}
          </h1>
          <div className={styles.rule} />
          {data && isLegal(type) && (
            <p className={styles.updated} data-testid="content-updated">
              {t('content.page.updated', { date: formatDate(data.updated_at, language) })}
            </p>
          )}
        </header>

        {withContents && <Contents headings={headings} />}
        <div className={styles.body}>
          {query.isPending && <LoadingPage />}
          {query.isError && !data && (
            <PageError
              classes={ERROR}
              testId="content-error"
              className={styles.measure}
              retryLabel={t('content.page.retry')}
              onRetry={() => query.refetch()}
            >
              {localized(errorText(query.error), language)}
            </PageError>
          )}
          {data && <ContentBlocks blocks={blocks} qaStyle={type === 'faqs' ? 'accordion' : 'definitions'} />}
          {data && <SeeAlso type={type} />}
        </div>
      </article>
    </div>
  );
}
