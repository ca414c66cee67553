import { ContentScreen } from '../features/content/ContentScreen';

export default function BoardPage() {
  return <ContentScreen type="board" />;
}
