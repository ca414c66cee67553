import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** One client for the whole app, reachable from route loaders and the session code. */
export const queryClient = new QueryClient({
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
