import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../profile/MemberAvatar';
import type { UserData } from '../session/storage';
import { useLogout } from '../session/use-logout';
import styles from './account-menu.module.css';
import hidden from './header.module.css';
import { Icon } from './icons';
import { MEMBER_LINKS } from './links';
import { useNavigation } from './navigation';

/** The menu's items in order, the enabled ones. */
const itemsOf = (list: HTMLElement | null) =>
  [...(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter(
    (item) => !(item as HTMLButtonElement).disabled,
  );

/**
 * The member's first name (cut at 130px) with a menu opening on hover, click or keyboard (spec §2), drawn with plain
 * elements (decision 506) so that a document's account island carries no MUI. The keys are those of MUI's MenuList
 * and of the menu button pattern: Enter, Space or ↓ open it on its first item, ↑ on its last; ↑ ↓ move (and wrap),
 * Home and End jump, a letter goes to the next item starting with it; Escape closes it and gives the focus back to
 * the button, Tab closes it and moves on.
 */
export function AccountMenu({ firstName, user }: { firstName: string; user?: UserData | null }) {
  const { t } = useTranslation();
  const { logout, pending } = useLogout();
  const { Link } = useNavigation();
  const [open, setOpen] = useState(false);
  // A click on a menu the pointer has just opened by hovering keeps it open (it would otherwise toggle shut).
  const openedByHover = useRef(false);
  // The item to focus once the menu is drawn (opened from the keyboard).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(list.current);
    if (focusOnOpen.current) (focusOnOpen.current === 'first' ? items[0] : items.at(-1))?.focus();
    focusOnOpen.current = null;
    // A press anywhere else closes it (MUI's ClickAwayListener).
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const toggle = (event: MouseEvent) => {
    if (open && !openedByHover.current) close();
    else {
      // Enter or Space (a click with no pointer) lands on the first item, as a menu button's keys do.
      if (!open && event.detail === 0) focusOnOpen.current = 'first';
      setOpen(true);
    }
    openedByHover.current = false;
  };
  const hoverOpen = () => {
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (open) {
      const items = itemsOf(list.current);
      (event.key === 'ArrowDown' ? items[0] : items.at(-1))?.focus();
      return;
    }
    focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
    setOpen(true);
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = itemsOf(list.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at < 0 ? -1 : at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(-1);
    else if (event.key === 'Tab') close();
    else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const letter = event.key.toLowerCase();
      const order = [...items.slice(at + 1), ...items.slice(0, at + 1)];
      const next = order.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter));
      if (next) go(items.indexOf(next));
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    close();
    button.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering opens the menu (spec §2); its button and items take the keys.
    <div
      ref={root}
      className={styles.root}
      onMouseEnter={hoverOpen}
      onMouseLeave={close}
      onKeyDown={onKeyDown}
      data-testid="account-menu"
    >
      <button
        ref={button}
        type="button"
        onClick={toggle}
        onKeyDown={onButtonKeyDown}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={styles.button}
        data-testid="header-user"
      >
        <span className={styles.startIcon}>
          <MemberAvatar
            user={user ?? { first_name: firstName }}
            size={30}
            testId="header-avatar"
            decorative
            style={{ fontSize: 12, letterSpacing: 0 }}
          />
        </span>
        <span data-testid="header-user-name" title={firstName} className={styles.name}>
          {firstName}
        </span>
        {/* The visible name starts the accessible name (WCAG 2.5.3); on phones, where it is hidden, it is still read. */}
        <span className={`${hidden.visuallyHidden} ${styles.phoneName}`}>{firstName}</span>
        <span className={hidden.visuallyHidden}>{` — ${t('account.menu')}`}</span>
        <span className={styles.endIcon}>
          <Icon name="expandMore" small />
        </span>
      </button>
      {open && (
        <div className={styles.popup}>
          <div className={styles.paper}>
            <div
              ref={list}
              id={menuId}
              role="menu"
              aria-label={t('account.menu')}
              className={styles.list}
              onKeyDown={onMenuKeyDown}
            >
              {MEMBER_LINKS.map((link, index) => (
                <Link
                  key={link.to}
                  to={link.to}
                  role="menuitem"
                  tabIndex={index === 0 ? 0 : -1}
                  onClick={close}
                  data-testid={link.testId}
                  className={styles.item}
                >
                  {t(link.label)}
                </Link>
              ))}
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  logout();
                }}
                disabled={pending}
                data-testid="logout"
                className={styles.item}
              >
                {t('account.logout')}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
