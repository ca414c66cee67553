import { ComingSoon } from '../features/layout/ComingSoon';

export default function ArtistDetailsPage() {
  return <ComingSoon titleKey="pages.artistDetails" />;
}
