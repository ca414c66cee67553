import { NotFound } from '../features/layout/NotFound';

export default function NotFoundPage() {
  return <NotFound />;
}
