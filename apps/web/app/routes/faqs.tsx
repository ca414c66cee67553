import { ComingSoon } from '../features/layout/ComingSoon';

export default function FaqsPage() {
  return <ComingSoon titleKey="pages.faqs" />;
}
