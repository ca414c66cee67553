import { usePageMeta } from './use-page-meta';

/** Sets the tab title to "Page · Parcelle" (follows the language) and the site's meta description. */
export function useDocumentTitle(title: string | undefined) {
  usePageMeta(title);
}
