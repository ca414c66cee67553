import { useParams } from 'react-router';
import { PaintingScreen } from '../features/paintings/PaintingScreen';

/** Serves /primary-market/details/:paintingId and /secondary-market/details/:paintingId. */
export default function PaintingDetailsPage() {
  const { paintingId = '' } = useParams();
  // Keyed by id: a new painting starts with a fresh gallery and closed dialogs.
  return <PaintingScreen key={paintingId} paintingId={paintingId} />;
}
