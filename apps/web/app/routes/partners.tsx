import { ComingSoon } from '../features/layout/ComingSoon';

export default function PartnersPage() {
  return <ComingSoon titleKey="pages.partners" />;
}
