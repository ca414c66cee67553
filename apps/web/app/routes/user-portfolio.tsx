import { PortfolioScreen } from '../features/portfolio/screens';

export default function UserPortfolioPage() {
  return <PortfolioScreen />;
}
