import { ArtistsScreen } from '../features/artists/ArtistsScreen';

export default function ArtistsPage() {
  return <ArtistsScreen />;
}
