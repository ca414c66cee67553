import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** apps/api/src, the tree the rules about sources (named states, one owner, one copy of a rule) are checked on. */
export const SRC = join(import.meta.dirname, '../src');

/** The web app's sources (apps/web/app) and the shared package's (packages/shared/src), for rules that hold there too. */
export const WEB_SRC = join(import.meta.dirname, '../../web/app');
export const SHARED_SRC = join(import.meta.dirname, '../../../packages/shared/src');

/** Every TypeScript file (`.ts`, `.tsx`) under `dir`, at any depth. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A file's path under `root`, with forward slashes (what the exemption patterns are written against). */
export function sourceName(root: string, path: string): string {
  return relative(root, path).replaceAll('\\', '/');
}

/**
 * Every line of code under `root`, outside the files `exempt` names, that one of `patterns` matches, as
 * `file:line: code` (comment lines skipped: they may describe what the code must not do).
 */
export function linesMatching(root: string, exempt: readonly RegExp[], patterns: readonly RegExp[]): string[] {
  const found: string[] = [];
  for (const path of sourceFiles(root)) {
    const name = sourceName(root, path);
    if (exempt.some((pattern) => pattern.test(name))) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const code = line.trim();
        if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return;
        if (patterns.some((pattern) => pattern.test(code))) found.push(`${name}:${index + 1}: ${code}`);
      });
  }
  return found;
}
