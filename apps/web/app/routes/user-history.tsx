import { HistoryScreen } from '../features/history/HistoryScreen';

export default function UserHistoryPage() {
  return <HistoryScreen />;
}
