import { SetPasswordScreen } from '../features/auth/SetPasswordScreen';
import type { Route } from './+types/set-password';

export default function SetPasswordPage({ params }: Route.ComponentProps) {
  return <SetPasswordScreen key={params.token} token={params.token} />;
}
