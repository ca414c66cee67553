/** The address of the document runtime's built file (document-runtime-plugin.mjs); null in the browser's build. */
declare module 'virtual:parcelle-document-runtime' {
  const address: string | null;
  export default address;
}
