import { ComingSoon } from '../features/layout/ComingSoon';

export default function CollaboratorsPage() {
  return <ComingSoon titleKey="pages.collaborators" />;
}
