import { data } from 'react-router';
import { NotFound } from '../features/layout/NotFound';
import type { Route } from './+types/not-found';

/** An unknown address answers 404 with the page that says so, not 200: a search engine must not keep it. */
export function loader() {
  return data(null, { status: 404 });
}

/** The parent routes' tags (title, description…), and not indexed. */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...matches.flatMap((match) => (match && 'meta' in match ? (match.meta ?? []) : [])),
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundPage() {
  return <NotFound />;
}
