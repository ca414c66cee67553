/**
 * Lets code outside React (the API client) move to another page through the router.
 * The shell registers the router's navigate function; before that a full page load is used.
 */
type Go = (path: string) => void;

let go: Go | null = null;

export function registerNavigator(navigate: Go | null) {
  go = navigate;
}

export function navigateTo(path: string) {
  if (go) go(path);
  else if (typeof window !== 'undefined') window.location.assign(path);
}
