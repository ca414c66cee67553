import { ComingSoon } from '../features/layout/ComingSoon';

export default function TermsPage() {
  return <ComingSoon titleKey="pages.terms" />;
}
