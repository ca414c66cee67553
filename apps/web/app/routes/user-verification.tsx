import { VerificationScreen } from '../features/verification/VerificationScreen';

export default function UserVerificationPage() {
  return <VerificationScreen />;
}
