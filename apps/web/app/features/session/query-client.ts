import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A client with the app's defaults: the browser's one below, and one per server render. */
/**
 * `onServer`: the client of a server render, which reads nothing when a screen mounts (its loader read the page's
 * data). A read the loader was refused is then drawn as refused (a work's "not found"), not as about to be read again:
 * a query in error is otherwise fetched on mount, and drawn as loading until then — for ever in a document, which has
 * no script to read with (decision 483).
 */
export function createQueryClient({ onServer = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        ...(onServer ? { retryOnMount: false } : {}),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status > 0 && error.status < 500) && failures < 1,
      },
      mutations: { retry: false },
    },
  });
}

/** One client for the whole visit in the browser, reachable from route loaders and the session code. */
export const queryClient = createQueryClient();
