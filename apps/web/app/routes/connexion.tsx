import { ConnexionScreen } from '../features/auth/ConnexionScreen';

export default function ConnexionPage() {
  return <ConnexionScreen />;
}
