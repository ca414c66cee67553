import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { islandProps, useInDocument } from '../../document/document';
import { useSession } from '../session/use-session';
import styles from './header.module.css';
import { Icon } from './icons';
import { Logo } from './Logo';
import { HEADER_LINKS, HIDE_LOGIN_ON } from './links';
import { MOBILE_MENU_ID, MobileMenu } from './MobileMenu';
import { PreferencesMenu } from './PreferencesMenu';
import { TickerSlot } from './TickerSlot';

// Not part of the first load (issue 14): the member's menu shows only once the browser knows the session; each is
// fetched when first needed.
const AccountMenu = lazy(() => import('./AccountMenu').then((module) => ({ default: module.AccountMenu })));
const NotificationBell = lazy(() =>
  import('../notifications/NotificationBell').then((module) => ({ default: module.NotificationBell })),
);

function SessionAction() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const inDocument = useInDocument();
  if (session.verified) {
    return (
      <Suspense fallback={null}>
        <NotificationBell />
        <AccountMenu firstName={session.user?.first_name ?? ''} user={session.user} />
      </Suspense>
    );
  }
  if (HIDE_LOGIN_ON.includes(pathname)) return null;
  // A member whose email is not verified yet is led to the verification screen rather than to sign-in.
  const unverified = session.signedIn;
  const signIn = (
    <Link
      to={unverified ? '/verify-email' : '/connexion'}
      className={styles.signIn}
      data-testid="header-login"
      {...(inDocument ? { 'data-unverified-label': t('nav.verifyEmail') } : {})}
    >
      {t(unverified ? 'nav.verifyEmail' : 'nav.login')}
    </Link>
  );
  if (!inDocument) return signIn;
  // A document is never hydrated: the runtime fills this slot with the member's bell and menu when the browser holds a
  // verified session, and removes the sign-in link then (issue 33).
  return (
    <>
      <span hidden className={styles.account} {...islandProps(inDocument, 'account')} />
      {signIn}
    </>
  );
}

/**
 * The site's header (spec §2), in the app and in every document: plain elements styled by header.module.css
 * (decision 506), so that a document carries none of MUI's styles for it and its islands none of MUI's code.
 */
export function Header() {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <TickerSlot />
      <div className={styles.container}>
        <div className={styles.row}>
          {/* Opens the menu with no script (an invoker command on the page's own dialog, issue 33). */}
          <button
            type="button"
            command="show-modal"
            commandfor={MOBILE_MENU_ID}
            aria-label={t('nav.openMenu')}
            data-testid="menu-button"
            className={`${styles.iconButton} ${styles.menuButton}`}
          >
            <Icon name="menu" />
          </button>
          <Logo />
          <nav aria-label={t('nav.main')} className={styles.nav}>
            {HEADER_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} data-testid={link.testId} className={styles.navLink}>
                {t(link.label)}
              </NavLink>
            ))}
          </nav>
          <div className={styles.spacer} />
          <div className={styles.actions}>
            <PreferencesMenu />
            <SessionAction />
          </div>
        </div>
      </div>
      <MobileMenu />
    </header>
  );
}
