/**
 * The API runs on Node 24 or newer: Node 20 left security support in April 2026, and some dependencies now need
 * Node 22 or 24. `npm start` brings Node 24 with it (the root devDependency `node`); this check stops a start on an
 * older Node, e.g. `node apps/api/dist/server.js` typed with a system Node, with one clear line instead of failing
 * later in a dependency.
 */
export const MINIMUM_NODE_MAJOR = 24;

/** The refusal message for a Node version string such as `v20.20.2`, or undefined when that version is supported. */
export function unsupportedNode(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return undefined;
  return `Parcelle needs Node ${MINIMUM_NODE_MAJOR} or newer, this is Node ${version}: start it with \`npm start\` (which runs the project's own Node) or put node_modules/.bin first on PATH.`;
}

/** Stops the process before anything else loads when the running Node is too old. */
export function exitOnUnsupportedNode(): void {
  const message = unsupportedNode(process.version);
  if (!message) return;
  console.error(message);
  process.exit(1);
}
