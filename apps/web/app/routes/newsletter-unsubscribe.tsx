import { ComingSoon } from '../features/layout/ComingSoon';

export default function NewsletterPage() {
  return <ComingSoon titleKey="pages.newsletter" />;
}
