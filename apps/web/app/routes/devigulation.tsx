import { ComingSoon } from '../features/layout/ComingSoon';

export default function DevigulationPage() {
  return <ComingSoon titleKey="pages.devigulation" />;
}
