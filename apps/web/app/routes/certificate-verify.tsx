import { ComingSoon } from '../features/layout/ComingSoon';

export default function CertificateVerifyPage() {
  return <ComingSoon titleKey="pages.certificate" />;
}
