import { ComingSoon } from '../features/layout/ComingSoon';

export default function CookiesPage() {
  return <ComingSoon titleKey="pages.cookies" />;
}
