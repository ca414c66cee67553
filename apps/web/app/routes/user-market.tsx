import { MarketScreen } from '../features/member-market/MarketScreen';

export default function UserMarketPage() {
  return <MarketScreen />;
}
