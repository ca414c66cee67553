import { GalleryScreen } from '../features/content/GalleryScreen';

export default function GalleryPage() {
  return <GalleryScreen />;
}
