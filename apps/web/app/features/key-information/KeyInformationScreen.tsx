import { formatDate } from '@parcelle/shared/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { islandProps, useInDocument } from '../../document/document';
import { PlainAlert } from '../feedback/PlainAlert';
import buttons from '../forms/plain-button.module.css';
import { useLanguage } from '../i18n/language';
import hidden from '../layout/visually-hidden.module.css';
import { keyInformationQuery } from './api';
import { KeyInformationAcknowledgement } from './KeyInformationAcknowledgement';
import { keyInformationPdfHref } from './KeyInformationStep';
import styles from './key-information-page.module.css';

/**
 * /key-information/:paintingId (issue 30): a work's current key information document in the page's language, as it
 * was published (version, date, registration number, content fingerprint), with its PDF in both languages. A signed-in
 * member who has not acknowledged this version confirms it here: the page the purchase gate's 403 names. Plain
 * elements on CSS Modules (issue 33): the document carries no MUI.
 */
export function KeyInformationScreen({ paintingId }: { paintingId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const inDocument = useInDocument();
  const document = useQuery(keyInformationQuery(paintingId));
  const version = document.data;
  const text = version?.[language];

  return (
    <div className={styles.page} data-testid="key-information-page">
      <p className={styles.eyebrow}>{t('keyInformation.page.eyebrow')}</p>
      {document.isPending ? (
        <span className={styles.loading} />
      ) : document.isError || !version || !text ? (
        <>
          <h1 className={styles.title}>{t('keyInformation.page.missingTitle')}</h1>
          <PlainAlert severity="info" variant="standard" testId="key-information-missing" className={styles.missing}>
            {t('msg:KeyInformationNotFound')}
          </PlainAlert>
        </>
      ) : (
        <>
          <h1 className={styles.title} data-testid="key-information-title">
            {text.title}
          </h1>
          <p className={styles.subtitle}>{text.subtitle}</p>
          <p className={styles.version} data-testid="key-information-version">
            {t('keyInformation.page.version', {
              version: version.version,
              date: formatDate(version.published_at, language),
            })}
            {version.registration_number &&
              ` · ${t('keyInformation.page.registration', { number: version.registration_number })}`}
          </p>
          <div className={styles.pdfs}>
            {(['en', 'fr'] as const).map((lang) => (
              <a
                key={lang}
                href={keyInformationPdfHref(paintingId, version.version, lang)}
                target="_blank"
                rel="noopener"
                hrefLang={lang}
                className={`${buttons.button} ${buttons.outlined}`}
                data-testid={`key-information-pdf-${lang}`}
              >
                {t(`keyInformation.pdf.${lang}`)}
                <span className={hidden.visuallyHidden}>{` (${t('footer.newWindow')})`}</span>
              </a>
            ))}
          </div>
          {inDocument ? (
            // Sent to every reader: the runtime mounts the member's part here when a session is stored.
            <div
              {...islandProps(true, 'key-information')}
              data-painting-id={paintingId}
              hidden
              className={styles.member}
            />
          ) : (
            <KeyInformationAcknowledgement paintingId={paintingId} />
          )}
          <hr className={styles.rule} />
          {text.sections.map((section) => (
            <section key={section.id} aria-labelledby={`kid-${section.id}`} className={styles.section}>
              <h2 id={`kid-${section.id}`} className={styles.heading}>
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className={styles.paragraph}>
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
          <p className={styles.fingerprint}>{t('keyInformation.page.fingerprint', { hash: version.content_hash })}</p>
          <p className={styles.back}>
            <a href={`/primary-market/details/${paintingId}`}>{t('keyInformation.page.back')}</a>
          </p>
        </>
      )}
    </div>
  );
}
