import { ComingSoon } from '../features/layout/ComingSoon';

export default function UserMarketPrimaryPage() {
  return <ComingSoon titleKey="pages.marketPrimary" inMemberArea />;
}
