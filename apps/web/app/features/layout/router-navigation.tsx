import { type ReactNode, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Navigation, NavigationProvider } from './navigation';

/** The application's navigation (decision 519): React Router's links and client navigations. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const value = useMemo<Navigation>(() => ({ Link, navigate: (to) => navigate(to) }), [navigate]);
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
