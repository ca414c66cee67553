import { ComingSoon } from '../features/layout/ComingSoon';

export default function ArtistsPage() {
  return <ComingSoon titleKey="pages.artists" />;
}
