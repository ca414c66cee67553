import { ComingSoon } from '../features/layout/ComingSoon';

export default function UserEditPage() {
  return <ComingSoon titleKey="pages.edit" inMemberArea />;
}
