import { ContentScreen } from '../features/content/ContentScreen';

export default function DevigulationPage() {
  return <ContentScreen type="devigulation" />;
}
