import { WithdrawScreen } from '../features/withdraw/WithdrawScreen';

export default function UserWithdrawPage() {
  return <WithdrawScreen />;
}
