import { LoginScreen } from '../features/auth/LoginScreen';

export default function LoginPage() {
  return <LoginScreen />;
}
