import { Outlet } from 'react-router';
import { catalogueKeys } from '../features/catalogue/api';
import { Shell } from '../features/layout/Shell';
import { loadPublicPage } from '../features/ssr/public-page';
import { RouteQueries } from '../features/ssr/RouteQueries';
import { TICKER_QUERY_KEY } from '../features/ticker/use-ticker-kpis';
import type { Route } from './+types/shell';

/** What every page shows around it: the footer's links and the header's ticker, read on the server once. */
export async function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, async (page) => {
    await Promise.all([
      page.read(catalogueKeys.footer(), '/content/footer'),
      page.read(TICKER_QUERY_KEY, '/artists/list/kpis'),
    ]);
    return undefined;
  });
}

export default function ShellRoute() {
  return (
    <RouteQueries>
      <Shell>
        <Outlet />
      </Shell>
    </RouteQueries>
  );
}
