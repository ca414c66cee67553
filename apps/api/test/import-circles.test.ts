import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import madge from 'madge';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * No import circle among the API's source files (issue 28): a module that imports one that imports it back is one
 * module cut in two, and at run time the second reads the first's exports before they exist. Type imports count
 * too — the strict reading, and the one that keeps the graph a tree of owners. madge parses every file (no build).
 */
async function circles(dir: string, tsConfig?: string): Promise<string[][]> {
  const graph = await madge(dir, {
    fileExtensions: ['ts'],
    excludeRegExp: [/\.test\.ts$/],
    ...(tsConfig ? { tsConfig } : {}),
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  return graph.circular();
}

const scratch = mkdtempSync(join(tmpdir(), 'import-circles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('import circles', () => {
  it('none among apps/api/src files', { timeout: 120_000 }, async () => {
    const root = join(import.meta.dirname, '..');
    expect(await circles(join(root, 'src'), join(root, 'tsconfig.json'))).toEqual([]);
  });

  it('are found when two files import each other, type imports included', { timeout: 60_000 }, async () => {
    writeFileSync(join(scratch, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(scratch, 'b.ts'), "import type { C } from './c';\nexport const b = 1 as unknown as C;\n");
    writeFileSync(join(scratch, 'c.ts'), "import { a } from './a';\nexport type C = ReturnType<typeof a>;\n");
    expect(await circles(scratch)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
