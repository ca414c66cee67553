import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen';
import type { Route } from './+types/reset-password';

export default function ResetPasswordPage({ params }: Route.ComponentProps) {
  return <ResetPasswordScreen key={params.token} token={params.token} />;
}
