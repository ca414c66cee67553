/**
 * How the header's member links and the sign-out leave the page (decision 519). In the application they are React
 * Router's: a link navigates on the client, the sign-out goes to /login without a page load (`RouterNavigation`, in
 * root.tsx). A document's account island (decision 506) has no client router: there a link is an ordinary link and a
 * navigation a page load, which is also what a tree without the provider gets. The island then carries none of React
 * Router (it took 38 KB of the island for two links and one redirect).
 */
import { type AnchorHTMLAttributes, type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** `state` is the router's history state in the app (the work a purchase starts from); a page load has none. */
export type NavigationLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  state?: unknown;
};

export type Navigation = {
  Link: ComponentType<NavigationLinkProps>;
  navigate: (to: string) => void;
};

function PageLoadLink({ to, state: _state, ...anchor }: NavigationLinkProps) {
  return <a href={to} {...anchor} />;
}

export const pageLoadNavigation: Navigation = {
  Link: PageLoadLink,
  navigate: (to) => window.location.assign(to),
};

const NavigationContext = createContext<Navigation>(pageLoadNavigation);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}
