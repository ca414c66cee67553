import { MarketScreen } from '../features/paintings/MarketScreen';

export default function PrimaryMarketPage() {
  return <MarketScreen type="primary" />;
}
