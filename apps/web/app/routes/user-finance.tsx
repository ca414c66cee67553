import { FinanceScreen } from '../features/finance/FinanceScreen';

export default function UserFinancePage() {
  return <FinanceScreen />;
}
