import { ComingSoon } from '../features/layout/ComingSoon';

export default function PrivacyPolicyPage() {
  return <ComingSoon titleKey="pages.privacy" />;
}
