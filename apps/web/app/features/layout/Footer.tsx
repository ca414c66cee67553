import { isPublicHttpsLink } from '@parcelle/shared/links';
import { lazy, type MouseEvent, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { islandProps, useInDocument } from '../../document/document';
import { type FooterData, useFooterContent } from '../catalogue/api';
import { CONTACT_PATH, opensElsewhere } from '../contact/contact-link';
import { AddressDialog, INFO_DIALOG_IDS, JoinDialog, WorkDialog } from '../contact/InfoDialogs';
import { useLanguage } from '../i18n/language';
import { NewsletterSignup } from '../newsletter/NewsletterSignup';
import styles from './footer.module.css';
import { Logo } from './Logo';
import { FOOTER_COLUMNS, type FooterLink } from './links';
import { EXTERNAL_PATH } from './marks';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

function NewWindow() {
  const { t } = useTranslation();
  return <span className={styles.hidden}>{` (${t('footer.newWindow')})`}</span>;
}

function FooterItem({ link }: { link: FooterLink }) {
  const { t } = useTranslation();
  if (link.external) {
    return (
      <a href={link.to} target="_blank" rel="noopener noreferrer" className={styles.link}>
        {t(link.label)}
        <NewWindow />
        <svg viewBox="0 0 10 10" aria-hidden="true" focusable="false" className={styles.external}>
          <path d={EXTERNAL_PATH} fill="currentColor" />
        </svg>
      </a>
    );
  }
  return (
    <Link to={link.to} className={styles.link}>
      {t(link.label)}
    </Link>
  );
}

function ColumnTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} className={styles.title}>
      {children}
    </h2>
  );
}

type Network = keyof FooterData['siteSettings']['social_media_links'];
/** The networks' marks: MUI's icons (Material Design and Simple Icons), drawn here so the footer needs no MUI. */
const NETWORKS: readonly { network: Network; name: string; path: string }[] = [
  {
    network: 'youtube',
    name: 'YouTube',
    path: 'M10 15l5.19-3L10 9v6m11.56-7.83c.13.47.22 1.1.28 1.9.07.8.1 1.49.1 2.09L22 12c0 2.19-.16 3.8-.44 4.83-.25.9-.83 1.48-1.73 1.73-.47.13-1.33.22-2.65.28-1.3.07-2.49.1-3.59.1L12 19c-4.19 0-6.8-.16-7.83-.44-.9-.25-1.48-.83-1.73-1.73-.13-.47-.22-1.1-.28-1.9-.07-.8-.1-1.49-.1-2.09L2 12c0-2.19.16-3.8.44-4.83.25-.9.83-1.48 1.73-1.73.47-.13 1.33-.22 2.65-.28 1.3-.07 2.49-.1 3.59-.1L12 5c4.19 0 6.8.16 7.83.44.9.25 1.48.83 1.73 1.73z',
  },
  {
    network: 'linkedin',
    name: 'LinkedIn',
    path: 'M19 3a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h14m-.5 15.5v-5.3a3.26 3.26 0 0 0-3.26-3.26c-.85 0-1.84.52-2.32 1.3v-1.11h-2.79v8.37h2.79v-4.93c0-.77.62-1.4 1.39-1.4a1.4 1.4 0 0 1 1.4 1.4v4.93h2.79M6.88 8.56a1.68 1.68 0 0 0 1.68-1.68c0-.93-.75-1.69-1.68-1.69a1.69 1.69 0 0 0-1.69 1.69c0 .93.76 1.68 1.69 1.68m1.39 9.94v-8.37H5.5v8.37h2.77z',
  },
  {
    network: 'instagram',
    name: 'Instagram',
    path: 'M7.8 2h8.4C19.4 2 22 4.6 22 7.8v8.4a5.8 5.8 0 0 1-5.8 5.8H7.8C4.6 22 2 19.4 2 16.2V7.8A5.8 5.8 0 0 1 7.8 2m-.2 2A3.6 3.6 0 0 0 4 7.6v8.8C4 18.39 5.61 20 7.6 20h8.8a3.6 3.6 0 0 0 3.6-3.6V7.6C20 5.61 18.39 4 16.4 4H7.6m9.65 1.5a1.25 1.25 0 0 1 1.25 1.25A1.25 1.25 0 0 1 17.25 8 1.25 1.25 0 0 1 16 6.75a1.25 1.25 0 0 1 1.25-1.25M12 7a5 5 0 0 1 5 5 5 5 0 0 1-5 5 5 5 0 0 1-5-5 5 5 0 0 1 5-5m0 2a3 3 0 0 0-3 3 3 3 0 0 0 3 3 3 3 0 0 0 3-3 3 3 0 0 0-3-3z',
  },
  {
    network: 'facebook',
    name: 'Facebook',
    path: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2m13 2h-2.5A3.5 3.5 0 0 0 12 8.5V11h-2v3h2v7h3v-7h3v-3h-3V9a1 1 0 0 1 1-1h2V5z',
  },
  {
    network: 'twitter',
    name: 'X (Twitter)',
    path: 'M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z',
  },
];

function SocialLinks({ links }: { links: FooterData['siteSettings']['social_media_links'] }) {
  const { t } = useTranslation();
  const present = NETWORKS.filter(({ network }) => isPublicHttpsLink(links[network] ?? ''));
  if (present.length === 0) return null;
  return (
    <ul className={styles.social}>
      {present.map(({ network, name, path }) => (
        <li key={network}>
          {/* biome-ignore lint/a11y/useAnchorContent: named by its aria-label; the mark beside it is decoration. */}
          <a
            href={links[network]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t('content.footer.social', { network: name })} (${t('footer.newWindow')})`}
            title={name}
            data-testid={`footer-social-${network}`}
            className={styles.network}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
              <path d={path} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

type InfoDialogName = 'address' | 'join' | 'work';

const INFO_BUTTONS: readonly { name: InfoDialogName; label: string; testId: string }[] = [
  { name: 'address', label: 'content.footer.address', testId: 'footer-address' },
  { name: 'join', label: 'content.footer.join', testId: 'footer-join' },
  { name: 'work', label: 'content.footer.work', testId: 'footer-work' },
];

/** The licensed exchange (spec §1): its registration number and its documents, when the footer data came. */
function Exchange({ data }: { data: FooterData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const docs = data.weexDocs;
  const documents = [
    { name: 'structure', label: 'content.footer.docStructure', href: docs.structure },
    { name: 'control', label: 'content.footer.docControl', href: docs.controle },
    { name: 'security', label: 'content.footer.docSecurity', href: docs.security },
    {
      name: 'coverage',
      label: 'content.footer.docCoverage',
      href: language === 'en' ? docs.coverage_en || docs.coverage : docs.coverage,
    },
  ].filter((doc) => doc.href);
  const registration = data.siteSettings.registration_number;
  if (!registration && documents.length === 0) return null;
  return (
    <div className={cx(styles.band, styles.exchange)}>
      {registration && (
        <p className={cx(styles.text, styles.small)} data-testid="footer-registration">
          {t('content.footer.registration')} <span className={styles.registration}>{registration}</span>
        </p>
      )}
      {documents.length > 0 && (
        <nav aria-label={t('content.footer.documents')}>
          <ul className={styles.documents}>
            {documents.map((doc) => (
              <li key={doc.name}>
                <a
                  href={doc.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`footer-doc-${doc.name}`}
                  className={cx(styles.link, styles.document)}
                >
                  {t(doc.label)}
                  <span className={styles.pdf}>PDF</span>
                  <NewWindow />
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

// The contact form loads when first opened: it brings its form library and the shared schemas, which the first
// paint of every page must not wait for (issue 14). The three others are plain text, on the page from the start,
// opened by their buttons with no script (issue 33).
const ContactDialog = lazy(() => import('../contact/ContactDialog').then((m) => ({ default: m.ContactDialog })));

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const footer = useFooterContent();
  const [contactOpen, setContactOpen] = useState(false);
  // Once opened, the contact form stays mounted, so that it keeps what was typed.
  const [contactUsed, setContactUsed] = useState(false);
  const closeContact = useCallback(() => setContactOpen(false), []);
  // In a document (issue 33) the contact button and the sign-up are islands: the runtime mounts them when used.
  const inDocument = useInDocument();

  // Spec §8: a failed footer call is only logged; the parts that need no data still show.
  useEffect(() => {
    if (footer.isError) console.error('footer content could not be loaded', footer.error);
  }, [footer.isError, footer.error]);
  const data = footer.data;

  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.container}>
        <div className={styles.signup}>
          <div {...islandProps(inDocument, 'newsletter')}>
            <NewsletterSignup />
          </div>
        </div>
        <div className={styles.grid}>
          <div className={styles.brand}>
            <Logo tone="light" />
            <p className={cx(styles.text, styles.about)}>{t('footer.about')}</p>
            {data && <SocialLinks links={data.siteSettings.social_media_links} />}
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={t(column.title)}>
              <ColumnTitle>{t(column.title)}</ColumnTitle>
              <ul className={styles.list}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <FooterItem link={link} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <section aria-labelledby="footer-contact-title">
            <ColumnTitle id="footer-contact-title">{t('content.footer.contactTitle')}</ColumnTitle>
            <ul className={styles.list}>
              <li>
                {/* A page of its own without a script (/contact, decision 476); with one, the dialog opens in place. */}
                <a
                  href={CONTACT_PATH}
                  onClick={(event: MouseEvent) => {
                    if (inDocument || opensElsewhere(event)) return;
                    event.preventDefault();
                    setContactUsed(true);
                    setContactOpen(true);
                  }}
                  {...(inDocument ? islandProps(inDocument, 'contact') : { 'aria-haspopup': 'dialog' as const })}
                  data-testid="footer-contact"
                  className={styles.link}
                >
                  {t('content.footer.contact')}
                </a>
              </li>
              {INFO_BUTTONS.map((button) => (
                <li key={button.name}>
                  <button
                    type="button"
                    command="show-modal"
                    commandfor={INFO_DIALOG_IDS[button.name]}
                    aria-haspopup="dialog"
                    data-testid={button.testId}
                    className={cx(styles.link, styles.button)}
                  >
                    {t(button.label)}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
        {data && <Exchange data={data} />}
        <div className={cx(styles.band, styles.bottom, data && styles.afterExchange)}>
          <p className={cx(styles.text, styles.fine)}>{t('footer.rights', { year })}</p>
          <p className={cx(styles.text, styles.fine, styles.risk)}>{t('footer.risk')}</p>
        </div>
      </div>
      <Suspense fallback={null}>{contactUsed && <ContactDialog open={contactOpen} onClose={closeContact} />}</Suspense>
      <AddressDialog />
      <JoinDialog />
      <WorkDialog />
    </footer>
  );
}
