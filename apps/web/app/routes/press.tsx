import { ComingSoon } from '../features/layout/ComingSoon';

export default function PressPage() {
  return <ComingSoon titleKey="pages.press" />;
}
