import { ProfileScreen } from '../features/profile/ProfileScreen';

export default function UserProfilePage() {
  return <ProfileScreen />;
}
