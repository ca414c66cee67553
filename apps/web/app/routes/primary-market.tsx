import { ComingSoon } from '../features/layout/ComingSoon';

export default function PrimaryMarketPage() {
  return <ComingSoon titleKey="pages.primaryMarket" />;
}
