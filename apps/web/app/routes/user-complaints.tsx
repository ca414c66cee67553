import { MemberComplaintsScreen } from '../features/complaints/ComplaintsScreen';

export default function UserComplaintsPage() {
  return <MemberComplaintsScreen />;
}
