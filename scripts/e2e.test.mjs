import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ambiguousNames, groupsOf, lastLines, MEASURED_SECONDS, OWN_SERVERS, serverForArguments } from './e2e.mjs';

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

  it('gives a journey needing a server of its own a group of its own, with that server’s configuration', () => {
    const groups = groupsOf(
      ['a.e2e.ts', 'own.e2e.ts', 'b.e2e.ts'],
      2,
      { 'a.e2e.ts': 10, 'own.e2e.ts': 30 },
      {
        'own.e2e.ts': 'sumsub',
      },
    );
    expect(groups).toEqual([
      { files: ['b.e2e.ts'], seconds: 60 },
      { files: ['a.e2e.ts'], seconds: 10 },
      { files: ['own.e2e.ts'], seconds: 30, server: 'sumsub' },
    ]);
    // Today's: the Sumsub journey alone on a server configured for the stub.
    const sumsub = groupsOf(Object.keys(MEASURED_SECONDS), 2).filter((group) => group.server);
    expect(sumsub).toEqual([
      {
        files: ['verification-sumsub.e2e.ts'],
        seconds: MEASURED_SECONDS['verification-sumsub.e2e.ts'],
        server: 'sumsub',
      },
    ]);
  });

  it('runs a filtered journey on the server it needs, and refuses to mix servers in one run', () => {
    expect(serverForArguments(['e2e/verification-sumsub.e2e.ts'])).toEqual({ server: 'sumsub' });
    expect(serverForArguments(['e2e/verification-console.e2e.ts', '-t', 'queue'])).toEqual({ server: undefined });
    expect(serverForArguments(['e2e/verification-sumsub.e2e.ts', 'e2e/purchase.e2e.ts']).error).toContain(
      'verification-sumsub.e2e.ts',
    );
    expect(Object.keys(OWN_SERVERS).every((file) => file in MEASURED_SECONDS)).toBe(true);
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

  it('prints the end of a failed group’s server log: its last lines, the final newline not counted as one', () => {
    expect(lastLines('a\nb\nc\n', 2)).toEqual(['b', 'c']);
    expect(lastLines('a\nb', 5)).toEqual(['a', 'b']);
    expect(lastLines('', 3)).toEqual([]);
  });

  it('has no such pair among today’s journeys, each of which is measured', () => {
    const files = readdirSync(join(import.meta.dirname, '..', 'e2e')).filter((file) => file.endsWith('.e2e.ts'));
    expect(ambiguousNames(files)).toEqual([]);
    expect(files.filter((file) => !(file in MEASURED_SECONDS))).toEqual([]);
  });
});
