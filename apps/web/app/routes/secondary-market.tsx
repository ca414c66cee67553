import { MarketScreen } from '../features/paintings/MarketScreen';

export default function SecondaryMarketPage() {
  return <MarketScreen type="secondary" />;
}
