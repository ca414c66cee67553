import { formatDate, formatLastParisDay, formatParisDate } from '@parcelle/shared/dates';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Retry } from '../../document/Retry';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { Spinner } from '../feedback/Spinner';
import buttons from '../forms/plain-button.module.css';
import { useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { StatusFrame } from '../newsletter/StatusFrame';
import { type CertificateVerifyData, isUnknownCertificate, useCertificateVerification } from './api';
import styles from './certificate-verify.module.css';

type Props = { number: string };

/** MUI's SearchOff and VerifiedOutlined icons (Material Symbols), as their paths: the page carries no MUI. */
const SEARCH_OFF = [
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3 6.08 3 3.28 5.64 3.03 9h2.02C5.3 6.75 7.18 5 9.5 5 11.99 5 14 7.01 14 9.5S11.99 14 9.5 14c-.17 0-.33-.03-.5-.05v2.02c.17.02.33.03.5.03 1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19z',
  'M6.47 10.82 4 13.29l-2.47-2.47-.71.71L3.29 14 .82 16.47l.71.71L4 14.71l2.47 2.47.71-.71L4.71 14l2.47-2.47z',
];
const VERIFIED = [
  'M23 11.99 20.56 9.2l.34-3.69-3.61-.82L15.4 1.5 12 2.96 8.6 1.5 6.71 4.69 3.1 5.5l.34 3.7L1 11.99l2.44 2.79-.34 3.7 3.61.82 1.89 3.2 3.4-1.47 3.4 1.46 1.89-3.19 3.61-.82-.34-3.69zm-3.95 1.48-.56.65.08.85.18 1.95-1.9.43-.84.19-.44.74-.99 1.68-1.78-.77-.8-.34-.79.34-1.78.77-.99-1.67-.44-.74-.84-.19-1.9-.43.18-1.96.08-.85-.56-.65L3.67 12l1.29-1.48.56-.65-.09-.86-.18-1.94 1.9-.43.84-.19.44-.74.99-1.68 1.78.77.8.34.79-.34 1.78-.77.99 1.68.44.74.84.19 1.9.43-.18 1.95-.08.85.56.65 1.29 1.47z',
  'm10.09 13.75-2.32-2.33-1.48 1.49 3.8 3.81 7.34-7.36-1.48-1.49z',
];

function Icon({ paths }: { paths: readonly string[] }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * /certificates/verify/:number: the public page the certificate's QR code opens (spec §1, issue 5). Plain elements on
 * CSS Modules (issue 33): the document carries no MUI.
 */
export function CertificateVerifyScreen({ number }: Props) {
  const { t } = useTranslation();
  const query = useCertificateVerification(number);
  const language = useLanguage();
  usePageMeta(t('certificates.verify.title'), t('certificates.verify.metaDescription'));

  const state = !number
    ? 'not-found'
    : query.data
      ? 'valid'
      : query.isError
        ? isUnknownCertificate(query.error)
          ? 'not-found'
          : 'error'
        : 'loading';

  return (
    <StatusFrame
      testId="certificate-verify-screen"
      state={state}
      data={{ 'data-status': query.data?.status }}
      eyebrow={t('certificates.verify.eyebrow')}
      title={t('certificates.verify.title')}
      width="panel"
    >
      {state === 'loading' && (
        <div className={styles.loading} role="status">
          <Spinner size={22} className={styles.spinner} />
          <p className={styles.loadingText}>{t('certificates.verify.loading')}</p>
        </div>
      )}
      {state === 'valid' && query.data?.status === 'void' && (
        <Outcome
          icon={SEARCH_OFF}
          title={t('certificates.verify.voidTitle')}
          text={t('certificates.verify.voidText', {
            // Dated on the Paris calendar the reflection period is counted on (decision 336), as on the PDF.
            date: query.data.revoked_at ? formatParisDate(query.data.revoked_at, language) : '',
          })}
          testId="certificate-void"
          number={number}
        />
      )}
      {state === 'valid' && query.data && query.data.status !== 'void' && (
        <>
          {query.data.status === 'provisional' && query.data.provisional_until && (
            <p className={styles.provisional} data-testid="certificate-provisional">
              {t('certificates.verify.provisional', {
                date: formatLastParisDay(query.data.provisional_until, language),
              })}
            </p>
          )}
          <GenuinePanel data={query.data} />
        </>
      )}
      {state === 'not-found' && (
        <Outcome
          icon={SEARCH_OFF}
          title={t('certificates.verify.notFoundTitle')}
          text={t('certificates.verify.notFoundText')}
          number={number}
        />
      )}
      {state === 'error' && (
        <Outcome
          title={t('certificates.verify.errorTitle')}
          text={t('certificates.verify.errorText')}
          number={number}
          action={
            <Retry
              label={t('certificates.verify.retry')}
              onRetry={() => query.refetch()}
              className={`${buttons.button} ${buttons.outlined}`}
              testId="certificate-verify-retry"
            />
          }
        />
      )}
    </StatusFrame>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className={styles.field}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function GenuinePanel({ data }: { data: CertificateVerifyData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { painting } = data;
  const title = painting.title[language] || painting.title.en;
  return (
    <div className={styles.panel}>
      <ArtworkImage
        src={mediaUrl(data.base_url, painting.cover_img)}
        alt={title}
        sizes="(max-width: 900px) 100vw, 400px"
        priority
        fit="contain"
        className={styles.picture}
        testId="certificate-image"
      />
      <div className={styles.details}>
        <div className={styles.verdict}>
          {/* The seal: a quiet double ring with a check, in the accent colour. */}
          <div role="img" aria-label={t('certificates.verify.seal')} className={styles.seal}>
            <Icon paths={VERIFIED} />
          </div>
          <div>
            <h2 className={styles.genuine}>{t('certificates.verify.genuine')}</h2>
            <p className={styles.genuineText}>{t('certificates.verify.genuineText')}</p>
          </div>
        </div>
        <dl className={styles.fields}>
          <Field label={t('certificates.verify.number')} testId="certificate-number">
            <span className={styles.number}>{data.number}</span>
          </Field>
          <Field label={t('certificates.verify.work')} testId="certificate-painting">
            <span className={styles.work}>{title}</span>
            <span className={styles.by}>{`${painting.artist.name}, ${painting.year}`}</span>
          </Field>
          <Field label={t('certificates.verify.parts')} testId="certificate-parts">
            {formatPartsQuantity(data.quantity, language)}
          </Field>
          <Field label={t('certificates.verify.issued')} testId="certificate-date">
            {formatDate(data.issued_at, language)}
          </Field>
          <Field label={t('certificates.verify.holder')} testId="certificate-holder">
            {data.holder_initials}
          </Field>
        </dl>
        <p className={styles.note}>{t('certificates.verify.holderNote')}</p>
        <Link to={paintingPath(painting)} className={`${buttons.button} ${buttons.outlined} ${styles.seeWork}`}>
          {t('certificates.verify.seeWork')}
        </Link>
      </div>
    </div>
  );
}

function Outcome({
  icon,
  title,
  text,
  number,
  action,
  testId,
}: {
  icon?: readonly string[];
  title: string;
  text: string;
  number: string;
  action?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.outcome}>
      <div className={styles.outcomeHead}>
        {icon && <Icon paths={icon} />}
        <h2 className={styles.outcomeTitle} data-testid="certificate-verify-message">
          {title}
        </h2>
      </div>
      {number && (
        <p className={styles.searched} data-testid="certificate-searched-number">
          {t('certificates.verify.searched', { number })}
        </p>
      )}
      <p className={styles.outcomeText} data-testid={testId}>
        {text}
      </p>
      <div className={styles.ways}>
        {action}
        <Link to="/" className={`${buttons.button} ${action ? buttons.text : buttons.outlined}`}>
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
