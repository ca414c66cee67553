import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../features/feedback/toast';
import { initI18n } from '../features/i18n/i18n';
import { RouterNavigation } from '../features/layout/router-navigation';
import { theme } from '../features/theme/theme';

/** Renders a screen with the app's providers on a memory router at `path`. */
export function renderScreen(element: ReactElement, path = '/') {
  initI18n();
  const router = createMemoryRouter([{ path: '*', element: <RouterNavigation>{element}</RouterNavigation> }], {
    initialEntries: [path],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
