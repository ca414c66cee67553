import { ComingSoon } from '../features/layout/ComingSoon';

export default function LexiquePage() {
  return <ComingSoon titleKey="pages.lexique" />;
}
