import { EmailConfirmScreen } from '../features/auth/EmailConfirmScreen';

export default function EmailConfirmPage() {
  return <EmailConfirmScreen />;
}
