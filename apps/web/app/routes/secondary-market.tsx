import { ComingSoon } from '../features/layout/ComingSoon';

export default function SecondaryMarketPage() {
  return <ComingSoon titleKey="pages.secondaryMarket" />;
}
