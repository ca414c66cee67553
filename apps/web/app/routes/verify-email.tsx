import { VerifyEmailScreen } from '../features/auth/VerifyEmailScreen';
import { guard } from '../features/session/access';

/** Guests go to /login; a member whose email is already verified goes to / (spec §2). */
export async function clientLoader() {
  return guard('verify');
}

export default function VerifyEmailPage() {
  return <VerifyEmailScreen />;
}
