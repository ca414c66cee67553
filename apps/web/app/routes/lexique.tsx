import { ContentScreen } from '../features/content/ContentScreen';

export default function LexiquePage() {
  return <ContentScreen type="lexique" />;
}
