import { ComingSoon } from '../features/layout/ComingSoon';

export default function UserFinancePage() {
  return <ComingSoon titleKey="pages.finance" inMemberArea />;
}
