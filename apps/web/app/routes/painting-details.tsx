import { ComingSoon } from '../features/layout/ComingSoon';

export default function PaintingDetailsPage() {
  return <ComingSoon titleKey="pages.paintingDetails" />;
}
