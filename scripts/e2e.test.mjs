import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ambiguousNames, groupsOf, MEASURED_SECONDS } from './e2e.mjs';

describe('scripts/e2e.mjs: the journeys dealt to groups', () => {
  it('deals every file exactly once, longest first to the lightest group', () => {
    const files = ['a.e2e.ts', 'b.e2e.ts', 'c.e2e.ts', 'd.e2e.ts'];
    const groups = groupsOf(files, 2, { 'a.e2e.ts': 100, 'b.e2e.ts': 60, 'c.e2e.ts': 50, 'd.e2e.ts': 10 });
    expect(groups.map((group) => group.files)).toEqual([
      ['a.e2e.ts', 'd.e2e.ts'],
      ['b.e2e.ts', 'c.e2e.ts'],
    ]);
    expect(groups.map((group) => group.seconds)).toEqual([110, 110]);
  });

  it('counts a file not measured yet as a minute, and never makes an empty group', () => {
    const groups = groupsOf(['new.e2e.ts'], 3, {});
    expect(groups).toEqual([{ files: ['new.e2e.ts'], seconds: 60 }]);
  });

  it('splits today’s journeys into two groups within a tenth of each other', () => {
    const [one, two] = groupsOf(Object.keys(MEASURED_SECONDS), 2);
    expect(Math.abs((one?.seconds ?? 0) - (two?.seconds ?? 0))).toBeLessThan(
      0.1 * Math.max(one?.seconds ?? 0, two?.seconds ?? 0),
    );
  });

  it('finds a journey file whose name ends another’s (Vitest would run both for the shorter one)', () => {
    expect(ambiguousNames(['catalogue.e2e.ts', 'admin-catalogue.e2e.ts', 'investor.e2e.ts'])).toEqual([
      'catalogue.e2e.ts is the end of admin-catalogue.e2e.ts',
    ]);
    expect(ambiguousNames(['investor.e2e.ts', 'investor-onboarding.e2e.ts'])).toEqual([]);
  });

  it('has no such pair among today’s journeys, each of which is measured', () => {
    const files = readdirSync(join(import.meta.dirname, '..', 'e2e')).filter((file) => file.endsWith('.e2e.ts'));
    expect(ambiguousNames(files)).toEqual([]);
    expect(files.filter((file) => !(file in MEASURED_SECONDS))).toEqual([]);
  });
});
