import { FreezeScreen } from '../features/account/FreezeScreen';

export default function AccountFreezePage() {
  return <FreezeScreen />;
}
