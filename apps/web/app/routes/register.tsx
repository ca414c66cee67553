import { RegisterScreen } from '../features/auth/RegisterScreen';

export default function RegisterPage() {
  return <RegisterScreen />;
}
