import { ComingSoon } from '../features/layout/ComingSoon';

export default function UserWithdrawPage() {
  return <ComingSoon titleKey="pages.withdraw" inMemberArea />;
}
