import { ContentScreen } from '../features/content/ContentScreen';

export default function CookiesPage() {
  return <ContentScreen type="cookies" />;
}
