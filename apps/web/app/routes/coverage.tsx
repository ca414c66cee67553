import { ComingSoon } from '../features/layout/ComingSoon';

export default function CoveragePage() {
  return <ComingSoon titleKey="pages.coverage" />;
}
