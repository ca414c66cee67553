import { ComingSoon } from '../features/layout/ComingSoon';

export default function UserPartsPage() {
  return <ComingSoon titleKey="pages.parts" inMemberArea />;
}
