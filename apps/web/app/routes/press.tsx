import { ContentScreen } from '../features/content/ContentScreen';

export default function PressPage() {
  return <ContentScreen type="press" />;
}
