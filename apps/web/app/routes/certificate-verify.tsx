import { useParams } from 'react-router';
import { CertificateVerifyScreen } from '../features/certificates/CertificateVerifyScreen';

/** Serves /certificates/verify/:number, the page a certificate's QR code opens. */
export default function CertificateVerifyPage() {
  const { number = '' } = useParams();
  return <CertificateVerifyScreen key={number} number={number} />;
}
