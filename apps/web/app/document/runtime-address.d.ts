/**
 * The addresses of the document runtime's built file and of the page runtime it starts once the page is painted
 * (document-runtime-plugin.mjs, decision 502); null in the browser's build.
 */
declare module 'virtual:parcelle-document-runtime' {
  const address: string | null;
  export default address;
  export const documentPage: string | null;
}
