#!/usr/bin/env node
/**
 * After `react-router build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each
 * text file of build/client, so the API serves them with @fastify/static's `preCompressed` and never compresses the
 * same bytes twice at run time. A copy is written only when it is smaller than the file itself.
 *
 * Usage: node scripts/precompress.mjs [directory]   (default: build/client next to this script's package)
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/i;
/** Below this, compression saves less than the extra headers cost. */
const MIN_BYTES = 256;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

export async function precompress(root) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const work = [];
  for await (const path of files(root)) {
    // Copies left by an earlier run are made again from their originals.
    if (/\.(?:br|gz)$/.test(path)) {
      await rm(path);
      continue;
    }
    if (TEXT.test(path)) work.push(path);
  }
  for (const path of work) {
    const bytes = await readFile(path);
    if (bytes.length < MIN_BYTES) continue;
    const [br, gzBytes] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(bytes, { level: 9 }),
    ]);
    totals.files += 1;
    totals.raw += bytes.length;
    if (br.length < bytes.length) {
      await writeFile(`${path}.br`, br);
      totals.br += br.length;
    }
    if (gzBytes.length < bytes.length) {
      await writeFile(`${path}.gz`, gzBytes);
      totals.gz += gzBytes.length;
    }
  }
  return totals;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'client'));
  const totals = await precompress(root);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompress: ${totals.files} files, ${kb(totals.raw)} raw, ${kb(totals.br)} brotli, ${kb(totals.gz)} gzip`,
  );
}
