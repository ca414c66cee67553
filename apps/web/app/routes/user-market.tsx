import { ComingSoon } from '../features/layout/ComingSoon';

export default function UserMarketPage() {
  return <ComingSoon titleKey="pages.market" inMemberArea />;
}
