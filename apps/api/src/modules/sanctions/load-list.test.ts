import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtAdminCli } from '../../../test/built';
import { TEMPLATE_ENV } from '../../../test/template';
import { createTestApp, openTestDatabase } from '../../../test/test-app';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { sanctionsEntries, sanctionsListVersions, sanctionsScreenings, users } from '../../db/schema';
import {
  currentListVersion,
  decideHit,
  loadSanctionsList,
  type PersonToScreen,
  runSanctionsListJob,
  SANCTIONS_LIST_JOB,
  type ScreeningResult,
} from './index';

/**
 * Issue 29: loading the list. The same content twice is skipped (sha256, and a 304 on a conditional fetch); a changed
 * list is a new version, written whole in one transaction, and re-screens every person the caller gives; the job runs
 * through the queue; `npm run admin -- sanctions:load FILE` loads a file on a machine without access.
 */
const FIXTURE = fileURLToPath(new URL('./fixtures/eu-sanctions-sample.xml', import.meta.url));
const fixture = () => readFileSync(FIXTURE, 'utf8');
/** The fixture with one more entity: a person newly listed (an update of the list). */
function updatedList(): string {
  return fixture()
    .replace('generationDate="2026-11-20T17:02:11.316+01:00"', 'generationDate="2026-11-27T09:15:40.002+01:00"')
    .replace(
      '</export>',
      `  <sanctionEntity designationDate="2026-11-26" designationDetails="" unitedNationId="" euReferenceNumber="EU.9013.23" logicalId="900013">
    <regulation regulationType="amendment" organisationType="council" publicationDate="2026-11-26" entryIntoForceDate="2026-11-26" numberTitle="2026/2411 (OJ L)" programme="BLR" logicalId="709001"/>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Hélène" middleName="" lastName="Vasseur-Brandt" wholeName="Hélène VASSEUR-BRANDT" function="" gender="F" title="" nameLanguage="FR" strong="true" regulationLanguage="en" logicalId="709002"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="1979-02-11" dayOfMonth="11" monthOfYear="2" year="1979" region="" place="" countryIso2Code="FR" countryDescription="FRANCE" regulationLanguage="en" logicalId="709003"/>
    <citizenship region="" countryIso2Code="FR" countryDescription="FRANCE" regulationLanguage="en" logicalId="709004"/>
  </sanctionEntity>
</export>`,
    );
}

/** A fetch that answers like the EU's server: the body with an ETag, or 304 to a request that sends it back. */
function listServer(initial: string) {
  const state = { body: initial, etag: '"v1"', requests: [] as Headers[] };
  const fetcher = (async (_url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    state.requests.push(headers);
    if (headers.get('if-none-match') === state.etag) return new Response(null, { status: 304 });
    return new Response(state.body, {
      status: 200,
      headers: {
        'content-type': 'application/xml',
        etag: state.etag,
        'last-modified': 'Fri, 20 Nov 2026 16:02:11 GMT',
      },
    });
  }) as unknown as typeof fetch;
  return { state, fetcher };
}

describe('loading the list', () => {
  let database: DatabaseHandle;
  const people: PersonToScreen[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    for (const [firstName, lastName, birthDate] of [
      ['Helene', 'Vasseur Brandt', '1979-02-11'],
      ['Ivan', 'Petrov', '1990-02-10'],
    ] as const) {
      const [row] = await database.db
        .insert(users)
        .values({ email: `${randomUUID()}@parcelle.test`, passwordHash: 'x', firstName, lastName })
        .returning({ id: users.id });
      people.push({ memberId: row?.id ?? '', fullName: `${firstName} ${lastName}`, birthDate });
    }
  });
  afterAll(() => database.close());

  it('skips the same file loaded twice, and writes a changed one as a new version that re-screens everyone', async () => {
    const db = database.db;
    const first = await loadSanctionsList(db, { source: 'file:a.xml', content: fixture() });
    expect(first).toMatchObject({ status: 'loaded', entryCount: 12 });
    const twice = await loadSanctionsList(db, { source: 'file:a-copy.xml', content: Buffer.from(fixture()) });
    expect(twice).toEqual({ status: 'unchanged', versionId: first.versionId, sha256: first.sha256 });
    expect(await db.select().from(sanctionsListVersions)).toHaveLength(1);

    // A broken download never replaces the list, and writes nothing.
    await expect(loadSanctionsList(db, { source: 'file:b.xml', content: '<html>503</html>' })).rejects.toThrow(
      /EU sanctions list/,
    );
    expect(await db.select().from(sanctionsListVersions)).toHaveLength(1);

    const hooks = { calls: [] as ScreeningResult[], asked: 0 };
    const rescreen = {
      people: async () => {
        hooks.asked++;
        return people;
      },
      onHit: async (result: ScreeningResult) => {
        hooks.calls.push(result);
      },
    };
    const server = listServer(fixture());
    // The first run re-screens everyone against the version loaded by hand (its content is the server's too).
    const run1 = await runSanctionsListJob(db, 'https://lists.test/eu.xml', rescreen, server.fetcher);
    expect(run1.fetched).toMatchObject({ status: 'unchanged', versionId: first.versionId });
    expect(run1.rescreened).toEqual({ listVersionId: first.versionId, screened: 2, withOpenHits: 0 });
    expect(hooks.calls).toEqual([]);
    // Nothing new: a conditional request answered 304, nobody screened again.
    const run2 = await runSanctionsListJob(db, 'https://lists.test/eu.xml', rescreen, server.fetcher);
    expect(run2).toEqual({ fetched: { status: 'not_modified' }, rescreened: null });
    expect(server.state.requests.at(-1)?.get('if-none-match')).toBe('"v1"');
    expect(server.state.requests.at(-1)?.get('if-modified-since')).toBe('Fri, 20 Nov 2026 16:02:11 GMT');
    expect(hooks.asked).toBe(1);

    // The EU publishes an update: a new version, and the member newly listed is reported.
    server.state.body = updatedList();
    server.state.etag = '"v2"';
    const run3 = await runSanctionsListJob(db, 'https://lists.test/eu.xml', rescreen, server.fetcher);
    expect(run3.fetched).toMatchObject({ status: 'loaded', entryCount: 13 });
    const current = await currentListVersion(db);
    expect(current).toMatchObject({
      source: 'https://lists.test/eu.xml',
      etag: '"v2"',
      entryCount: 13,
      generatedAt: new Date('2026-11-27T08:15:40.002Z'),
    });
    expect(current?.rescreenedAt).toBeInstanceOf(Date);
    expect(run3.rescreened).toEqual({ listVersionId: current?.id, screened: 2, withOpenHits: 1 });
    expect(hooks.calls).toHaveLength(1);
    expect(hooks.calls[0]).toMatchObject({
      memberId: people[0]?.memberId,
      listVersionId: current?.id,
      hits: [
        {
          entryLogicalId: '900013',
          matchedFields: ['name', 'birthDate'],
          entryNames: ['Hélène VASSEUR-BRANDT'],
          state: 'open',
        },
      ],
    });
    // Each version keeps its own entries; every person was screened once per version, for the list update.
    const versions = await db.select().from(sanctionsListVersions).orderBy(asc(sanctionsListVersions.loadedAt));
    expect(versions.map((v) => v.entryCount)).toEqual([12, 13]);
    expect(
      await db.select().from(sanctionsEntries).where(eq(sanctionsEntries.versionId, first.versionId)),
    ).toHaveLength(12);
    const screenings = await db.select().from(sanctionsScreenings);
    expect(screenings.map((s) => s.reason)).toEqual(['list_update', 'list_update', 'list_update', 'list_update']);

    // The reviewer dismisses the namesake; the next update (another entity changed) does not bring them back.
    const [operator] = await db
      .insert(users)
      .values({
        email: `${randomUUID()}@parcelle.test`,
        passwordHash: 'x',
        firstName: 'Op',
        lastName: 'Erator',
        role: 'admin',
        operatorRole: 'admin',
      })
      .returning({ id: users.id });
    await decideHit(db, {
      hitId: hooks.calls[0]?.hits[0]?.hitId ?? '',
      operatorId: operator?.id ?? '',
      state: 'dismissed',
      reason: 'Different person: passport and place of birth differ',
    });
    server.state.body = updatedList().replace('wholeName="Ivan PETROV"', 'wholeName="Ivan Ivanovich PETROV"');
    server.state.etag = '"v3"';
    const run4 = await runSanctionsListJob(db, 'https://lists.test/eu.xml', rescreen, server.fetcher);
    expect(run4.fetched).toMatchObject({ status: 'loaded', entryCount: 13 });
    expect(run4.rescreened).toMatchObject({ screened: 2, withOpenHits: 0 });
    expect(hooks.calls).toHaveLength(1);

    // An error answer fails the job and leaves the current version in force.
    const failing = (async () => new Response('busy', { status: 503 })) as unknown as typeof fetch;
    await expect(runSanctionsListJob(db, 'https://lists.test/eu.xml', rescreen, failing)).rejects.toThrow(/HTTP 503/);
    const latest = await currentListVersion(db);
    expect(latest?.entryCount).toBe(13);
    expect(latest?.etag).toBe('"v3"');
  });

  it('writes a version whole or not at all', async () => {
    const db = database.db;
    const before = await currentListVersion(db);
    // The database refuses one entity of the file (a fault in the middle of the load).
    await db.execute(sql`CREATE FUNCTION refuse_one_entity() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.logical_id = '900012' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END; $$`);
    await db.execute(sql`CREATE TRIGGER refuse_one_entity BEFORE INSERT ON sanctions_entries
      FOR EACH ROW EXECUTE FUNCTION refuse_one_entity()`);
    try {
      const changed = fixture().replace(
        'generationDate="2026-11-20T17:02:11.316+01:00"',
        'generationDate="2026-12-01T08:00:00Z"',
      );
      await expect(loadSanctionsList(db, { source: 'file:c.xml', content: changed })).rejects.toThrow();
      expect((await currentListVersion(db))?.id).toBe(before?.id);
      expect(
        await db.select().from(sanctionsListVersions).where(eq(sanctionsListVersions.source, 'file:c.xml')),
      ).toEqual([]);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_one_entity ON sanctions_entries`);
      await db.execute(sql`DROP FUNCTION refuse_one_entity()`);
    }
  });
});

describe('the sanctions-list job in the queue', () => {
  it('runs without SANCTIONS_LIST_URL and marks a version loaded by hand as re-screened', async () => {
    const t = await createTestApp({ sanctions: { listUrl: null } });
    try {
      const loaded = await loadSanctionsList(t.ctx.database.db, { source: 'file:x.xml', content: fixture() });
      await t.ctx.jobs.send(SANCTIONS_LIST_JOB, {});
      expect(await t.ctx.jobs.drain([SANCTIONS_LIST_JOB])).toBe(1);
      const [version] = await t.ctx.database.db
        .select()
        .from(sanctionsListVersions)
        .where(eq(sanctionsListVersions.id, loaded.versionId));
      expect(version?.rescreenedAt).toBeInstanceOf(Date);
    } finally {
      await t.close();
    }
  });
});

describe('npm run admin -- sanctions:load', () => {
  const root = fileURLToPath(new URL('../../../../..', import.meta.url));
  const folder = mkdtempSync(join(tmpdir(), 'parcelle-sanctions-'));
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `parcelle_cli_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeAll(() => server(`CREATE DATABASE ${name} TEMPLATE ${process.env[TEMPLATE_ENV]}`));
  afterAll(async () => {
    await server(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(folder, { recursive: true, force: true });
  });

  const admin = (...args: string[]): Promise<{ code: number; out: string }> => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const env = { ...inherited, DATABASE_URL: url.toString(), NODE_ENV: 'development' };
    return new Promise((done) => {
      execFile(
        process.execPath,
        [builtAdminCli(), ...args],
        { cwd: root, env, timeout: 120_000 },
        (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
      );
    });
  };

  it('loads a file, skips it the second time, refuses a file that is not the list and a missing file', async () => {
    const loaded = await admin('sanctions:load', FIXTURE);
    expect(loaded.code, loaded.out).toBe(0);
    expect(loaded.out).toMatch(
      /sanctions list loaded: version [0-9a-f-]{36}, 12 entries, generated 2026-11-20T16:02:11.316Z/,
    );
    const again = await admin('sanctions:load', FIXTURE);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('sanctions list unchanged');

    const page = join(folder, 'error-page.xml');
    writeFileSync(page, '<html><body>Maintenance</body></html>');
    const refused = await admin('sanctions:load', page);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('EU sanctions list: no <export> root');
    const missing = await admin('sanctions:load', join(folder, 'nowhere.xml'));
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('ENOENT');
    expect((await admin('sanctions:load')).code).toBe(2);

    const check = await openPostgres(url.toString(), 1);
    try {
      const versions = await check.db.select().from(sanctionsListVersions);
      expect(versions).toEqual([
        expect.objectContaining({ source: 'file:eu-sanctions-sample.xml', entryCount: 12, rescreenedAt: null }),
      ]);
    } finally {
      await check.close();
    }
  }, 240_000);
});
