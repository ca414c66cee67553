import { PartsScreen } from '../features/portfolio/screens';

export default function UserPartsPage() {
  return <PartsScreen />;
}
