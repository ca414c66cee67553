import { ComingSoon } from '../features/layout/ComingSoon';

export default function UserPortfolioPage() {
  return <ComingSoon titleKey="pages.portfolio" inMemberArea />;
}
