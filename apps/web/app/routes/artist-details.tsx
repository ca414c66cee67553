import { ArtistDetailScreen } from '../features/artists/ArtistDetailScreen';

export default function ArtistDetailsPage() {
  return <ArtistDetailScreen />;
}
