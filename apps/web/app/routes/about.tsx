import { ComingSoon } from '../features/layout/ComingSoon';

export default function AboutPage() {
  return <ComingSoon titleKey="pages.about" />;
}
