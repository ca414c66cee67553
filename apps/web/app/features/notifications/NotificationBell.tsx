import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { Badge, IconButton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { palette } from '../theme/theme';
import { unreadQuery } from './api';

/**
 * The bell of the header for a signed-in member (issue 17): a link to the notifications page whose accessible name
 * says how many are unread ("Notifications, 3 unread"); the count shows as a badge, hidden at zero.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useQuery(unreadQuery).data?.unread ?? 0;
  return (
    <IconButton
      component={Link}
      to="/user/notifications"
      aria-label={t('notifications.bell', { count: unread })}
      data-testid="notification-bell"
      sx={{ color: palette.ink }}
    >
      <Badge
        badgeContent={unread}
        max={99}
        color="primary"
        invisible={unread === 0}
        data-testid="notification-count"
        slotProps={{ badge: { 'aria-hidden': true } }}
      >
        <NotificationsNoneOutlined />
      </Badge>
    </IconButton>
  );
}
