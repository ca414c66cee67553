import { ContentScreen } from '../features/content/ContentScreen';

export default function AboutPage() {
  return <ContentScreen type="about" />;
}
