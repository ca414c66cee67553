import { EditProfileScreen } from '../features/account/EditProfileScreen';

export default function UserEditPage() {
  return <EditProfileScreen />;
}
