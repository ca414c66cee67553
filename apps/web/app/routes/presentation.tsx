import { ContentScreen } from '../features/content/ContentScreen';

export default function PresentationPage() {
  return <ContentScreen type="presentation" />;
}
