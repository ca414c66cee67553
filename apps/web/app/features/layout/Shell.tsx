import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerNavigator } from '../session/navigation';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './shell.module.css';
import { useFocusHeadingOnNavigate } from './use-focus-heading';

/** Lets the API client send the visitor to /login through the router when the session ends. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((path) => navigate(path));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

/** Header, page, footer and the cookie banner around every route: plain elements on a CSS Module (decision 516). */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(main);
  return (
    <div className={styles.shell}>
      <NavigatorBridge />
      <a href="#main" className={styles.skip}>
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
      <CookieBanner />
    </div>
  );
}
