import { DOCUMENT_KINDS, type DocumentKind } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { useTranslation } from 'react-i18next';
import hidden from '../layout/visually-hidden.module.css';
import styles from './painting-screen.module.css';

/** The URL of a document in a language, or null (the API sends `<kind>_<lang>`, null when absent). */
export function documentUrl(
  documents: Record<string, string | null>,
  kind: DocumentKind,
  language: Language,
): string | null {
  const url = documents[`${kind}_${language}`];
  return typeof url === 'string' && url.length > 0 ? url : null;
}

/**
 * The five documents of a work in the current language (spec §2): each opens its PDF in a new tab; one
 * that does not exist is shown, greyed, as text marked aria-disabled (never a dead link).
 */
export function Documents({ documents, language }: { documents: Record<string, string | null>; language: Language }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="painting-documents-title">
      <h2 id="painting-documents-title" className={styles.documentsTitle}>
        {t('paintings.documents.title')}
      </h2>
      <ul className={styles.documents}>
        {DOCUMENT_KINDS.map((kind) => {
          const url = documentUrl(documents, kind, language);
          const label = t(`paintings.documents.${kind}`);
          return (
            <li key={kind}>
              {url ? (
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`painting-document-${kind}`}
                  className={styles.documentLink}
                >
                  <span className={styles.documentLabel}>{label}</span>
                  <span className={styles.documentOpen}>
                    {t('paintings.documents.open')}
                    <span className={hidden.visuallyHidden}>{` (${t('paintings.documents.newTab')})`}</span>
                  </span>
                </a>
              ) : (
                <div data-testid={`painting-document-${kind}`} aria-disabled="true" className={styles.documentMissing}>
                  <span>{label}</span>
                  <span className={styles.documentNote}>{t('paintings.documents.unavailable')}</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
