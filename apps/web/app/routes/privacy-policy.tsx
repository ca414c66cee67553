import { ContentScreen } from '../features/content/ContentScreen';

export default function PrivacyPolicyPage() {
  return <ContentScreen type="privacy-policy" />;
}
