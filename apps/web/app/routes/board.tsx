import { ComingSoon } from '../features/layout/ComingSoon';

export default function BoardPage() {
  return <ComingSoon titleKey="pages.board" />;
}
