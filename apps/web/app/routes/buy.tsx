import { ComingSoon } from '../features/layout/ComingSoon';

export default function BuyPage() {
  return <ComingSoon titleKey="pages.buy" />;
}
