import { NewsletterUnsubscribeScreen } from '../features/newsletter/NewsletterUnsubscribeScreen';

export default function NewsletterUnsubscribePage() {
  return <NewsletterUnsubscribeScreen />;
}
