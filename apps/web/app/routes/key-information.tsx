import { useParams } from 'react-router';
import { KeyInformationScreen } from '../features/key-information/KeyInformationScreen';

/** Serves /key-information/:paintingId: a work's key information document (issue 30), public, read by members. */
export default function KeyInformationPage() {
  const { paintingId = '' } = useParams();
  return <KeyInformationScreen key={paintingId} paintingId={paintingId} />;
}
