import { ContentScreen } from '../features/content/ContentScreen';

export default function TermsPage() {
  return <ContentScreen type="terms" />;
}
