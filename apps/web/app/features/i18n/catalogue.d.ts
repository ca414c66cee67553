/** The shared message catalogue in one language, made at build time (catalogue-plugin.ts). */
declare module 'virtual:parcelle-catalogue/*' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
