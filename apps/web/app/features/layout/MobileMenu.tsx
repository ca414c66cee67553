import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { DialogCloseButton } from './DialogCloseButton';
import { Logo } from './Logo';
import { DRAWER_LINKS } from './links';
import styles from './mobile-menu.module.css';

/** The menu's id, named by the header's button that opens it (`commandfor`). */
export const MOBILE_MENU_ID = 'site-menu';

/**
 * The ≤1024px navigation (spec §2: a left drawer, 300 wide), as the browser's own modal dialog (issue 33): the header's
 * button opens it with an invoker command and no script; focus is kept inside, Escape and a click beside it close it,
 * and focus returns to the button. With a script, following a link closes it as the page changes in place.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      id={MOBILE_MENU_ID}
      closedby="any"
      aria-label={t('nav.menu')}
      data-testid="mobile-drawer"
      className={styles.drawer}
    >
      <div className={styles.top}>
        <Logo />
        <DialogCloseButton dialogId={MOBILE_MENU_ID} label={t('nav.closeMenu')} className={styles.close} />
      </div>
      <nav aria-label={t('nav.main')}>
        <ul className={styles.list}>
          {DRAWER_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                onClick={close}
                data-testid={link.testId}
                className={styles.link}
              >
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </dialog>
  );
}
