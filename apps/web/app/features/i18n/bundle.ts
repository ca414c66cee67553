export type Tree = { [key: string]: string | Tree };
/** Everything the interface shows in one language: the app's texts and the shared catalogue (`msg`). */
export type Bundle = { translation: Tree; msg: Record<string, string> };

/**
 * Each area keeps its texts in `locales/<area>.<lang>.json` (the member area's in `locales/member/`) (one top-level key per area), so that work on one area
 * does not touch another's file; they are merged with the common `en.json` / `fr.json` here.
 */
export function mergeAreas(common: Tree, areaFiles: Record<string, Tree>): Tree {
  const merged: Tree = { ...common };
  for (const [path, tree] of Object.entries(areaFiles)) {
    for (const [key, value] of Object.entries(tree)) {
      if (key in merged) throw new Error(`locale key "${key}" of ${path} is already defined`);
      merged[key] = value;
    }
  }
  return merged;
}
