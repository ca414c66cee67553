import type { TKeyInformationStatus } from '@parcelle/shared/contracts/key-information';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../forms/PlainButton';
import { CheckboxBox } from '../forms/PlainField';
import { localized, useLanguage } from '../i18n/language';
import hidden from '../layout/visually-hidden.module.css';
import { ApiError } from '../session/api-error';
import { acknowledgeKeyInformation, keyInformationKeys } from './api';
import styles from './key-information-step.module.css';

/** MUI's DescriptionOutlined icon. */
const DOCUMENT =
  'M8 16h8v2H8zm0-4h8v2H8zm6-10H6c-1.1 0-2 .9-2 2v16c0 1.1.89 2 1.99 2H18c1.1 0 2-.9 2-2V8zm4 18H6V4h7v5h5z';

type Props = {
  paintingId: string;
  /** The member's standing on the work's current version (GET /user/key-information/:id). */
  status: TKeyInformationStatus;
  testId?: string;
  dense?: boolean;
};

/** The public address of a version's PDF (no token: the document is public). */
export const keyInformationPdfHref = (paintingId: string, version: number, lang: 'en' | 'fr') =>
  `/api/paintings/${paintingId}/key-information/${version}/${lang}/pdf`;

/**
 * The key information step of a primary purchase (issue 30): before paying, the member opens the work's document (its
 * page or its PDF, in a new tab so the purchase stays as it is) and confirms having read that version. The
 * confirmation is offered once a document was opened; a work with no published document cannot be bought yet.
 * Plain elements styled by a CSS Module (decision 538): a work's page mounts it as an island without MUI.
 */
export function KeyInformationStep({ paintingId, status, testId = 'key-information-step', dense = false }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [read, setRead] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const version = status.version;
  const newWindow = <span className={hidden.visuallyHidden}>{` (${t('footer.newWindow')})`}</span>;

  const confirm = async () => {
    if (!status.version_id) return;
    setBusy(true);
    setError(null);
    try {
      await acknowledgeKeyInformation(paintingId, status.version_id, language);
    } catch (failure) {
      setError(failure instanceof ApiError ? localized(failure.error, language) : t('keyInformation.step.failed'));
      setRead(false);
      setOpened(false);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: keyInformationKeys.status(paintingId) });
    }
  };

  return (
    <section
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      className={dense ? `${styles.step} ${styles.dense}` : styles.step}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={DOCUMENT} />
      </svg>
      <div className={styles.body}>
        <p className={styles.label}>{t('keyInformation.step.label')}</p>
        <p id={`${testId}-title`} className={styles.title}>
          {status.published ? t('keyInformation.step.title') : t('keyInformation.step.unpublishedTitle')}
        </p>
        <p className={styles.note} data-testid={`${testId}-text`}>
          {status.published ? t('msg:KeyInformationRequired') : t('msg:KeyInformationUnpublished')}
        </p>
        {status.published && version !== null && (
          <>
            <div className={styles.links}>
              <a
                href={status.page}
                target="_blank"
                rel="noopener"
                onClick={() => setOpened(true)}
                data-testid={`${testId}-page`}
              >
                {t('keyInformation.step.open', { version })}
                {newWindow}
              </a>
              {(['en', 'fr'] as const).map((lang) => (
                <a
                  key={lang}
                  href={keyInformationPdfHref(paintingId, version, lang)}
                  target="_blank"
                  rel="noopener"
                  hrefLang={lang}
                  onClick={() => setOpened(true)}
                  data-testid={`${testId}-pdf-${lang}`}
                >
                  {t(`keyInformation.pdf.${lang}`)}
                  {newWindow}
                </a>
              ))}
            </div>
            <label className={styles.read} htmlFor={`${testId}-read-input`}>
              <CheckboxBox
                input={{
                  id: `${testId}-read-input`,
                  checked: read,
                  disabled: !opened || busy,
                  onChange: (event) => setRead(event.target.checked),
                  'aria-describedby': opened ? undefined : `${testId}-hint`,
                }}
                testId={`${testId}-read`}
              />
              <span className={styles.readText}>{t('keyInformation.step.read', { version })}</span>
            </label>
            {!opened && (
              <p id={`${testId}-hint`} className={styles.note}>
                {t('keyInformation.step.openFirst')}
              </p>
            )}
            {error && (
              <p role="alert" className={styles.error} data-testid={`${testId}-error`}>
                {error}
              </p>
            )}
            <PlainButton
              type="button"
              onClick={() => void confirm()}
              disabled={!read || busy}
              className={styles.confirm}
              data-testid={`${testId}-confirm`}
            >
              {t('keyInformation.step.confirm')}
            </PlainButton>
          </>
        )}
      </div>
    </section>
  );
}
