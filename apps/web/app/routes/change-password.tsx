import { ChangePasswordScreen } from '../features/auth/ChangePasswordScreen';
import { guard } from '../features/session/access';

/** Signed-in only: guests go to /login. */
export async function clientLoader() {
  return guard('signed-in');
}

export default function ChangePasswordPage() {
  return <ChangePasswordScreen />;
}
