import { Home } from '../features/home/Home';

export default function HomePage() {
  return <Home />;
}
