import { ForgotScreen } from '../features/auth/ForgotScreen';

export default function ForgotPage() {
  return <ForgotScreen />;
}
