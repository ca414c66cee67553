import { ContentScreen } from '../features/content/ContentScreen';

export default function CoveragePage() {
  return <ContentScreen type="coverage" />;
}
