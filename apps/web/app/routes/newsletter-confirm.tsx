import { NewsletterConfirmScreen } from '../features/newsletter/NewsletterConfirmScreen';

export default function NewsletterConfirmPage() {
  return <NewsletterConfirmScreen />;
}
