import { ComingSoon } from '../features/layout/ComingSoon';

export default function GalleryPage() {
  return <ComingSoon titleKey="pages.gallery" />;
}
