import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLog, report, testPhases } from './ci-phases.mjs';

const root = join(import.meta.dirname, '..');

describe('CI phases', () => {
  it('are exactly the steps of npm test: its pretest, then each && part, named for the report', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const phases = testPhases(scripts);
    expect(phases.map((phase) => phase.name)).toEqual(['install check', 'check', 'unit/API', 'e2e']);
    // Put back together, the commands are npm test's own.
    expect(
      phases
        .slice(1)
        .map((phase) => phase.command)
        .join(' && '),
    ).toBe(scripts.test);
    expect(phases[0]?.command).toBe('npm run pretest');
    // A step that is not an `npm run` keeps its command as its name.
    expect(testPhases({ test: 'npm run check && node x.mjs' }).map((phase) => phase.name)).toEqual([
      'check',
      'node x.mjs',
    ]);
    expect(() => testPhases({})).toThrow(/no "test" script/);
  });

  it('reports the minutes of each phase and the total, failures marked', () => {
    const text = report(parseLog('check\t90\tok\nunit/API\t600\tok\ne2e\t300\tfailed\n'));
    expect(text.split('\n')).toEqual([
      '[ci] minutes per phase',
      '[ci]   check       1.5',
      '[ci]   unit/API   10.0',
      '[ci]   e2e         5.0  FAILED',
      '[ci]   total      16.5',
    ]);
  });

  it('records a phase run by the caller (the soak) and prints the log from the command line', () => {
    const folder = mkdtempSync(join(tmpdir(), 'parcelle-ci-phases-'));
    try {
      const log = join(folder, 'phases.log');
      writeFileSync(log, 'check\t60\tok\n');
      execFileSync(process.execPath, ['scripts/ci-phases.mjs', 'record', log, 'soak', '120', 'ok'], { cwd: root });
      const printed = execFileSync(process.execPath, ['scripts/ci-phases.mjs', 'report', log], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(printed).toContain('[ci]   soak     2.0');
      expect(printed).toContain('[ci]   total    3.0');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
