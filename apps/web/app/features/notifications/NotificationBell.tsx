import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import header from '../layout/header.module.css';
import { Icon } from '../layout/icons';
import { useNavigation } from '../layout/navigation';
import styles from './notification-bell.module.css';
import { unreadQuery } from './unread';

/** MUI's Badge showed "99+" above this. */
const MAX_SHOWN = 99;

/**
 * The bell of the header for a signed-in member (issue 17): a link to the notifications page whose accessible name
 * says how many are unread ("Notifications, 3 unread"); the count shows as a badge, none at zero. Plain elements
 * (decision 506), so that a document's account island carries no MUI.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useQuery(unreadQuery).data?.unread ?? 0;
  const { Link } = useNavigation();
  return (
    <Link
      to="/user/notifications"
      aria-label={t('notifications.bell', { count: unread })}
      data-testid="notification-bell"
      className={`${header.iconButton} ${styles.bell}`}
    >
      <span className={styles.badgeRoot} data-testid="notification-count">
        <Icon name="bell" />
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
          </span>
        )}
      </span>
    </Link>
  );
}
