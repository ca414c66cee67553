import { NotificationsScreen } from '../features/notifications/NotificationsScreen';

export default function UserNotificationsPage() {
  return <NotificationsScreen />;
}
