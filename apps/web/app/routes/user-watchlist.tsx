import { WatchlistScreen } from '../features/notifications/WatchlistScreen';

export default function UserWatchlistPage() {
  return <WatchlistScreen />;
}
