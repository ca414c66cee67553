import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { guestOnlyProps, useInDocument } from '../../document/document';
import buttons from '../forms/plain-button.module.css';
import { useSession } from '../session/use-session';
import styles from './home.module.css';

/** An invitation to register, for visitors only. */
export function JoinBand() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const inDocument = useInDocument();
  if (signedIn) return null;
  return (
    <section {...guestOnlyProps(inDocument)} className={styles.join}>
      <div className={styles.joinInner}>
        <h2 className={styles.joinTitle}>{t('home.join2.title')}</h2>
        <p className={styles.joinText}>{t('home.join2.text')}</p>
        <Link to="/register" className={`${buttons.button} ${buttons.large}`}>
          {t('home.join2.cta')}
        </Link>
      </div>
    </section>
  );
}
