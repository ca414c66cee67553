import { ContentScreen } from '../features/content/ContentScreen';

export default function CollaboratorsPage() {
  return <ContentScreen type="collaborators" />;
}
