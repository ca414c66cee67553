/**
 * The page's JavaScript is fetched after what paints it (decision "paint before hydrating"): React Router preloads
 * every module of the page (~70 files) with `<link rel="modulepreload">`, which browsers fetch at high priority, on
 * a par with the stylesheet, the web fonts and the largest image. The document is complete without them (rendered
 * whole, links are links), so they are asked for with `fetchpriority="low"`: still all at once and in parallel, but
 * behind what the first paint needs on a slow network.
 */
export function lowPriorityModules(html: string): string {
  return html.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
}
