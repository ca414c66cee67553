import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInDocument } from '../../document/document';
import buttons from '../forms/plain-button.module.css';
import styles from './cookie-banner.module.css';
import { acceptCookies, cookiesAccepted } from './cookie-consent';

export { COOKIES_ACCEPTED_KEY } from './cookie-consent';

const noSubscription = () => () => {};

/** Shows until accepted; never closes by itself (spec §1). Plain elements on a CSS Module (decision 528). */
export function CookieBanner() {
  const { t } = useTranslation();
  // The server cannot read the flag: it renders no banner, and the browser shows it once hydrated when needed
  // (no banner flashing for visitors who accepted; it is fixed, nothing moves when it appears).
  const acceptedBefore = useSyncExternalStore(noSubscription, cookiesAccepted, () => true);
  const [dismissed, setDismissed] = useState(false);
  // A document (never hydrated) carries the banner hidden; its runtime shows it and takes the click (issue 33).
  const inDocument = useInDocument();
  if ((acceptedBefore && !inDocument) || dismissed) return null;
  const accept = () => {
    acceptCookies();
    setDismissed(true);
  };
  return (
    // A named section is a region landmark, as the Paper's role="region" was.
    <section
      aria-label={t('cookies.label')}
      data-testid="cookie-banner"
      hidden={inDocument}
      {...(inDocument ? { 'data-cookie-banner': '' } : {})}
      className={styles.banner}
    >
      <p className={styles.text}>
        {t('cookies.text')}{' '}
        <Link to="/cookies" className={styles.link}>
          {t('cookies.learnMore')}
        </Link>
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttons.button} onClick={accept} data-testid="cookie-accept">
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  );
}
