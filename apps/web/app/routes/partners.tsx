import { ContentScreen } from '../features/content/ContentScreen';

export default function PartnersPage() {
  return <ContentScreen type="partners" />;
}
