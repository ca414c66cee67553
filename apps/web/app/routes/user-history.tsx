import { ComingSoon } from '../features/layout/ComingSoon';

export default function UserHistoryPage() {
  return <ComingSoon titleKey="pages.history" inMemberArea />;
}
