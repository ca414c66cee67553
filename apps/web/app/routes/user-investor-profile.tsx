import { InvestorProfileScreen } from '../features/investor/InvestorProfileScreen';

export default function UserInvestorProfilePage() {
  return <InvestorProfileScreen />;
}
