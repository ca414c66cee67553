import { ContentScreen } from '../features/content/ContentScreen';

export default function FaqsPage() {
  return <ContentScreen type="faqs" />;
}
