import { ComingSoon } from '../features/layout/ComingSoon';

export default function PresentationPage() {
  return <ComingSoon titleKey="pages.presentation" />;
}
