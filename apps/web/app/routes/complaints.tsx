import { PublicComplaintsScreen } from '../features/complaints/ComplaintsScreen';

export default function ComplaintsPage() {
  return <PublicComplaintsScreen />;
}
