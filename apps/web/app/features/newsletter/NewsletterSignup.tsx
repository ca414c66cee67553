import { useLocation } from 'react-router';
import { NewsletterForm } from './NewsletterForm';

/** The footer's newsletter sign-up in the app and as the server renders it: the page it is on is where it comes back. */
export function NewsletterSignup() {
  const { pathname, search } = useLocation();
  return <NewsletterForm back={`${pathname}${search}`} />;
}
