import { BuyScreen } from '../features/purchase/BuyScreen';

/** /buy: the purchase flow (spec §2, §4). */
export default function BuyPage() {
  return <BuyScreen />;
}
