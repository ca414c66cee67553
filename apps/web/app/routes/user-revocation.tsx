import { RevocationScreen } from '../features/reflection/RevocationScreen';

export default function UserRevocationPage() {
  return <RevocationScreen />;
}
