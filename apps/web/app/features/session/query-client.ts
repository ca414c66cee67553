import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A client with the app's defaults: the browser's one below, and one per server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
