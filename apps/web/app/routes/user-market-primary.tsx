import { MarketDetailScreen } from '../features/member-market/MarketDetailScreen';

export default function UserMarketPrimaryPage() {
  return <MarketDetailScreen />;
}
