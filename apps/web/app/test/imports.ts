import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The packages a module imports, itself and the app's modules it imports, to the end (type-only imports aside). */
export function packagesImported(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, kind, specifier] of source.matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm)) {
      if (kind || !specifier) continue;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const found = ['.tsx', '.ts', '/index.ts'].map((ending) => base + ending).find((path) => existsSync(path));
      if (found) queue.push(found);
    }
  }
  return packages;
}
