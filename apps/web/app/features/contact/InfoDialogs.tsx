import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buttons from '../forms/plain-button.module.css';
import { COMPANY } from './company';
import { closeEnclosingDialog, FooterDialog } from './FooterDialog';
import styles from './info-dialogs.module.css';

/** The ids the footer's buttons open these dialogs by (`commandfor`). */
export const INFO_DIALOG_IDS = { address: 'address-dialog', join: 'join-dialog', work: 'work-dialog' } as const;

/** The theme's large contained button (`forms/plain-button`), and its outlined form, on a link. */
const contained = `${buttons.button} ${buttons.large}`;
const outlined = `${contained} ${buttons.outlined}`;

/** Where to write to or visit the company: a postal address and how to reach it, no map. */
export function AddressDialog() {
  const { t } = useTranslation();
  return (
    <FooterDialog
      id={INFO_DIALOG_IDS.address}
      eyebrow={t('content.address.eyebrow')}
      title={t('content.address.title')}
      testId="address-dialog"
    >
      <div className={styles.pair}>
        <div>
          <p className={styles.label}>{t('content.address.postal')}</p>
          <address data-testid="address-postal" className={styles.address}>
            {COMPANY.name}
            <br />
            {COMPANY.street}
            <br />
            {`${COMPANY.postcode} ${COMPANY.city}`}
            <br />
            {t('content.address.country')}
          </address>
        </div>
        <div>
          <p className={styles.label}>{t('content.address.hoursLabel')}</p>
          <p className={`${styles.text} ${styles.gap8}`}>{t('content.address.hours')}</p>
          <p className={`${styles.label} ${styles.gap24}`}>{t('content.address.writeLabel')}</p>
          <a href={`mailto:${COMPANY.contactEmail}`} className={styles.mail}>
            {COMPANY.contactEmail}
          </a>
        </div>
      </div>
      <p className={styles.directions}>{t('content.address.directions')}</p>
    </FooterDialog>
  );
}

/** How to become a member: three steps, then register or sign in. */
export function JoinDialog() {
  const { t } = useTranslation();
  const steps = [
    { title: t('content.join.step1Title'), text: t('content.join.step1Text') },
    { title: t('content.join.step2Title'), text: t('content.join.step2Text') },
    { title: t('content.join.step3Title'), text: t('content.join.step3Text') },
  ];
  return (
    <FooterDialog
      id={INFO_DIALOG_IDS.join}
      eyebrow={t('content.join.eyebrow')}
      title={t('content.join.title')}
      testId="join-dialog"
    >
      <p className={styles.intro}>{t('content.join.intro')}</p>
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <p aria-hidden="true" className={styles.number}>
              {index + 1}
            </p>
            <div>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Link to="/register" onClick={closeEnclosingDialog} data-testid="join-register" className={contained}>
          {t('content.join.register')}
        </Link>
        <Link to="/connexion" onClick={closeEnclosingDialog} data-testid="join-login" className={outlined}>
          {t('content.join.login')}
        </Link>
      </div>
    </FooterDialog>
  );
}

/** Careers: the kinds of roles the company hires for and where to apply. */
export function WorkDialog() {
  const { t } = useTranslation();
  const roles = [
    { title: t('content.work.role1Title'), text: t('content.work.role1Text') },
    { title: t('content.work.role2Title'), text: t('content.work.role2Text') },
    { title: t('content.work.role3Title'), text: t('content.work.role3Text') },
    { title: t('content.work.role4Title'), text: t('content.work.role4Text') },
  ];
  const subject = encodeURIComponent(t('content.work.subject'));
  return (
    <FooterDialog
      id={INFO_DIALOG_IDS.work}
      eyebrow={t('content.work.eyebrow')}
      title={t('content.work.title')}
      testId="work-dialog"
      maxWidth="md"
    >
      <p className={`${styles.intro} ${styles.workIntro}`}>{t('content.work.intro')}</p>
      <ul className={styles.roles}>
        {roles.map((role) => (
          <li key={role.title} className={styles.role}>
            <h3 className={styles.roleTitle}>{role.title}</h3>
            <p className={styles.roleText}>{role.text}</p>
          </li>
        ))}
      </ul>
      <p className={styles.apply}>{t('content.work.apply')}</p>
      <a href={`mailto:${COMPANY.careersEmail}?subject=${subject}`} data-testid="work-email" className={contained}>
        {COMPANY.careersEmail}
      </a>
    </FooterDialog>
  );
}
