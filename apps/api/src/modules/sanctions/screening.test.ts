import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, sanctionsHitDecisions, sanctionsHits, sanctionsScreenings, users } from '../../db/schema';
import {
  decideHit,
  deleteScreeningRecords,
  exportHitsForAuthority,
  loadSanctionsList,
  memberHits,
  NoSanctionsListError,
  parseEuSanctionsList,
  REVIEW_THRESHOLD,
  SanctionsDecisionError,
  SanctionsListFormatError,
  screenPerson,
} from './index';
import { matchEntry } from './rules';

/**
 * Issue 29: the EU list's XML (a fictional fixture in its published format) and the screening of people against it,
 * on PostgreSQL: true hits with diacritics, aliases, other scripts and swapped word order; no hit for the same common
 * name born another year; every screening recorded; decisions append-only and carried to later versions; the export.
 */
const FIXTURE = readFileSync(new URL('./fixtures/eu-sanctions-sample.xml', import.meta.url), 'utf8');

describe('parseEuSanctionsList', () => {
  const list = parseEuSanctionsList(FIXTURE);
  const entry = (logicalId: string) => list.entries.find((e) => e.logicalId === logicalId);

  it('reads every entity with its names, birth dates, citizenships and regulation', () => {
    expect(list.generatedAt.toISOString()).toBe('2026-11-20T16:02:11.316Z');
    expect(list.entries).toHaveLength(12);
    expect(list.entries.filter((e) => e.subjectType === 'enterprise').map((e) => e.logicalId)).toEqual([
      '900006',
      '900011',
    ]);
    expect(entry('900004')).toEqual({
      logicalId: '900004',
      euReferenceNumber: 'EU.9004.14',
      unitedNationId: null,
      designationDate: '2014-03-17',
      subjectType: 'person',
      names: [
        { original: 'Gheorghe Ionuț BĂLĂNESCU', normalised: 'gheorghe ionut balanescu', alias: false, strong: true },
        { original: 'George BALANESCU', normalised: 'george balanescu', alias: true, strong: true },
        { original: 'Georges BALANESCO', normalised: 'georges balanesco', alias: true, strong: false },
      ],
      birthDates: [
        { date: '1966-07-21', year: 1966, circa: false, yearFrom: null, yearTo: null },
        { date: '1967-07-21', year: 1967, circa: false, yearFrom: null, yearTo: null },
      ],
      nationalities: ['RO', 'MD'],
      regulation: '2014/269 (OJ L78)',
      programme: 'MDA',
    });
    // Other scripts are kept as written and transliterated for matching; circa years and year ranges are kept.
    expect(entry('900002')?.names[1]).toMatchObject({ original: 'Всеволод Аркадьевич Туманов' });
    expect(entry('900003')?.names[1]?.original).toBe('خالد ناصر المتوكل');
    expect(entry('900003')?.birthDates).toEqual([
      { date: null, year: 1972, circa: true, yearFrom: null, yearTo: null },
    ]);
    expect(entry('900007')?.birthDates).toEqual([
      { date: null, year: null, circa: true, yearFrom: 1950, yearTo: 1955 },
    ]);
    expect(entry('900007')?.unitedNationId).toBe('TAi.999');
    // A <birthdate> with nothing in it is left out; the list's "00" (unknown) is not a nationality.
    expect(entry('900012')?.birthDates).toHaveLength(1);
    expect(entry('900006')?.nationalities).toEqual([]);
  });

  it('refuses what is not the list', () => {
    expect(() => parseEuSanctionsList('<html><body>Service unavailable</body></html>')).toThrow(
      SanctionsListFormatError,
    );
    expect(() => parseEuSanctionsList('<export generationDate="2026-01-01T00:00:00Z"></export>')).toThrow(
      /no <sanctionEntity>/,
    );
    expect(() => parseEuSanctionsList(FIXTURE.replace(' generationDate="2026-11-20T17:02:11.316+01:00"', ''))).toThrow(
      /generationDate/,
    );
    expect(() => parseEuSanctionsList(FIXTURE.replace('logicalId="900002"', 'logicalId="900001"'))).toThrow(
      /listed twice/,
    );
    expect(() =>
      parseEuSanctionsList(
        `<?xml version="1.0"?><!DOCTYPE export [<!ENTITY a "aaaa">]><export generationDate="2026-01-01">&a;</export>`,
      ),
    ).toThrow(/DTD/);
  });
});

describe('the rules on the fixture (no database)', () => {
  const { entries } = parseEuSanctionsList(FIXTURE);
  const hitsOf = (person: Parameters<typeof matchEntry>[0]) =>
    entries
      .map((entry) => ({ id: entry.logicalId, match: matchEntry(person, entry) }))
      .filter((found) => (found.match?.score ?? 0) >= REVIEW_THRESHOLD)
      .map((found) => found.id);

  it('finds the listed person however the name is written', () => {
    expect(hitsOf({ fullName: 'Radomir Kovarik', birthDate: '1961-03-14' })).toEqual(['900001']);
    expect(hitsOf({ fullName: 'KOVARIK Radomir' })).toEqual(['900001']);
    expect(hitsOf({ fullName: 'Туманов Всеволод', birthDate: '1958-11-02' })).toEqual(['900002']);
    expect(hitsOf({ fullName: 'Sukru Celikkaya', nationality: 'TR' })).toEqual(['900009']);
    expect(hitsOf({ fullName: 'Σπυρίδων Καλογεράκης' })).toEqual(['900010']);
    expect(hitsOf({ fullName: 'Ansgar Overby Lindqvist', birthDate: '1980-06-01' })).toEqual(['900008']);
    expect(hitsOf({ fullName: 'Abdulqadir Zarif', birthDate: '1953-01-01' })).toEqual(['900007']);
    expect(hitsOf({ fullName: 'Khaled al Mutawakil', birthDate: '1973-04-04' })).toEqual(['900003']);
  });

  it('never hits a namesake born another year, nor a different name', () => {
    expect(hitsOf({ fullName: 'Ivan Petrov', birthDate: '1990-02-10', nationality: 'RU' })).toEqual([]);
    expect(hitsOf({ fullName: 'Abdul Qadir Zarif', birthDate: '1975-01-01' })).toEqual([]);
    expect(hitsOf({ fullName: 'Marie Dupont', birthDate: '1961-03-14' })).toEqual([]);
    // A one-word alias alone is not enough.
    expect(hitsOf({ fullName: 'Zarif' })).toEqual([]);
  });
});

describe('screenPerson on PostgreSQL', () => {
  let database: DatabaseHandle;
  let operatorId: string;
  const memberIds: string[] = [];
  const member = async (firstName: string, lastName: string) => {
    const [row] = await database.db
      .insert(users)
      .values({ email: `${randomUUID()}@parcelle.test`, passwordHash: 'x', firstName, lastName })
      .returning({ id: users.id });
    memberIds.push(row?.id ?? '');
    return row?.id ?? '';
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    const [operator] = await database.db
      .insert(users)
      .values({
        email: 'compliance@parcelle.test',
        passwordHash: 'x',
        firstName: 'Claire',
        lastName: 'Compliance',
        role: 'admin',
        operatorRole: 'admin',
      })
      .returning({ id: users.id });
    operatorId = operator?.id ?? '';
  });
  afterAll(() => database.close());

  it('refuses to screen before any list is loaded (fail closed)', async () => {
    const id = await member('Ada', 'Early');
    await expect(screenPerson(database.db, { memberId: id, fullName: 'Ada Early' })).rejects.toThrow(
      NoSanctionsListError,
    );
  });

  it('records true hits with diacritics removed, swapped word order and an alias, and the screening itself', async () => {
    const loaded = await loadSanctionsList(database.db, { source: 'file:eu-sanctions-sample.xml', content: FIXTURE });
    expect(loaded.status).toBe('loaded');
    const db = database.db;

    const plain = await screenPerson(
      db,
      { memberId: await member('Radomir', 'Kovarik'), fullName: 'Radomir Kovarik', birthDate: '1961-03-14' },
      { reason: 'submission' },
    );
    expect(plain.listVersionId).toBe(loaded.versionId);
    expect(plain.hits).toEqual([
      expect.objectContaining({
        entryLogicalId: '900001',
        matchedFields: ['name', 'birthDate'],
        entryNames: ['Radomír Kovářík'],
        state: 'open',
      }),
    ]);
    expect(plain.hits[0]?.score).toBeGreaterThanOrEqual(REVIEW_THRESHOLD);

    const swapped = await screenPerson(db, {
      memberId: await member('Ivan', 'Petrov'),
      fullName: 'PETROV Ivan',
      birthDate: '1975-05-05',
      nationality: 'ru',
    });
    expect(swapped.hits.map((hit) => [hit.entryLogicalId, hit.matchedFields])).toEqual([
      ['900005', ['name', 'birthDate', 'nationality']],
    ]);
    expect(swapped.hits[0]?.score).toBe(100);

    const alias = await screenPerson(db, {
      memberId: await member('George', 'Balanescu'),
      fullName: 'George Balanescu',
      birthDate: '1967-07-21',
    });
    expect(alias.hits.map((hit) => [hit.entryLogicalId, hit.matchedFields, hit.matchedName])).toEqual([
      ['900004', ['alias', 'birthDate'], 'George BALANESCU'],
    ]);
    // The member's own declared alias finds the entry too.
    const declaredAlias = await screenPerson(db, {
      memberId: await member('Samir', 'Haddad'),
      fullName: 'Samir Haddad',
      aliases: ['Gheorghe Balanescu'],
      birthDate: '1966-07-21',
    });
    expect(declaredAlias.hits.map((hit) => [hit.entryLogicalId, hit.matchedFields])).toEqual([
      ['900004', ['alias', 'birthDate']],
    ]);

    const [recorded] = await db.select().from(sanctionsScreenings).where(eq(sanctionsScreenings.id, plain.screeningId));
    expect(recorded).toMatchObject({
      reason: 'submission',
      hitCount: 1,
      listVersionId: loaded.versionId,
      person: { fullName: 'Radomir Kovarik', aliases: [], birthDate: '1961-03-14', nationality: null },
    });
  });

  it('records a screening without hits for the same common name born another year', async () => {
    const namesake = await screenPerson(database.db, {
      memberId: await member('Ivan', 'Petrov'),
      fullName: 'Ivan Petrov',
      birthDate: '1990-02-10',
      nationality: 'RU',
    });
    expect(namesake.hits).toEqual([]);
    const [recorded] = await database.db
      .select()
      .from(sanctionsScreenings)
      .where(eq(sanctionsScreenings.id, namesake.screeningId));
    expect(recorded?.hitCount).toBe(0);
  });

  it('refuses a malformed person', async () => {
    await expect(
      screenPerson(database.db, { memberId: await member('A', 'B'), fullName: 'A B', birthDate: '14/03/1961' }),
    ).rejects.toThrow();
    await expect(screenPerson(database.db, { memberId: 'not-a-uuid', fullName: 'A B' })).rejects.toThrow();
  });

  it('keeps decisions append-only, carries them to a later screening of the same data, and exports a confirmed hit', async () => {
    const db = database.db;
    const id = await member('Radomir', 'Kovarik');
    const person = { memberId: id, fullName: 'Radomír Kovářík', birthDate: '1961-03-14', nationality: 'CZ' };
    const first = await screenPerson(db, person, { reason: 'submission' });
    const hitId = first.hits[0]?.hitId ?? '';

    await expect(decideHit(db, { hitId, operatorId, state: 'confirmed', reason: '  ' })).rejects.toThrow(
      SanctionsDecisionError,
    );
    await decideHit(db, { hitId, operatorId, state: 'dismissed', reason: 'Different passport number' });
    await decideHit(db, { hitId, operatorId, state: 'confirmed', reason: 'Passport matches the listing' });
    await expect(decideHit(db, { hitId, operatorId, state: 'confirmed', reason: 'again' })).rejects.toMatchObject({
      code: 'same_state',
    });
    await expect(
      decideHit(db, { hitId: randomUUID(), operatorId, state: 'confirmed', reason: 'x' }),
    ).rejects.toMatchObject({ code: 'hit_not_found' });

    const decisions = await db.select().from(sanctionsHitDecisions).where(eq(sanctionsHitDecisions.hitId, hitId));
    expect(decisions.map((d) => d.state).sort()).toEqual(['confirmed', 'dismissed']);
    await expect(
      db.execute(sql`UPDATE sanctions_hit_decisions SET reason = 'edited' WHERE hit_id = ${hitId}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM sanctions_hit_decisions WHERE hit_id = ${hitId}`)).rejects.toThrow();
    const audited = await db.select().from(auditLog).where(eq(auditLog.targetId, hitId));
    expect(audited.map((entry) => entry.action).sort()).toEqual(['sanctions_hit.confirm', 'sanctions_hit.dismiss']);

    // Screened again with the same data: the hit comes back confirmed, pointing at the decided one.
    const again = await screenPerson(db, person, { reason: 'withdrawal' });
    expect(again.hits).toEqual([expect.objectContaining({ entryLogicalId: '900001', state: 'confirmed' })]);
    const [carried] = await db
      .select()
      .from(sanctionsHits)
      .where(eq(sanctionsHits.id, again.hits[0]?.hitId ?? ''));
    expect(carried?.carriedFrom).toBe(hitId);
    // Other data (another nationality declared): a new review.
    const changed = await screenPerson(db, { ...person, nationality: 'SK' });
    expect(changed.hits[0]?.state).toBe('open');

    const exported = await exportHitsForAuthority(db, id);
    expect(exported.records).toHaveLength(2);
    expect(exported.records[0]).toMatchObject({
      member_id: id,
      screened_name: 'Radomír Kovářík',
      screened_birth_date: '1961-03-14',
      entry_logical_id: '900001',
      eu_reference_number: 'EU.9001.11',
      matched_fields: ['name', 'birthDate', 'nationality'],
      entry_birth_dates: ['1961-03-14'],
      regulation: '2022/336 (OJ L58)',
      list_source: 'file:eu-sanctions-sample.xml',
      list_generated_at: '2026-11-20T16:02:11.316Z',
      confirmed_by: 'compliance@parcelle.test',
      confirmation_reason: 'Passport matches the listing',
    });
    expect(exported.records[1]).toMatchObject({
      hit_id: again.hits[0]?.hitId,
      confirmed_by: 'compliance@parcelle.test',
    });
    expect(JSON.parse(exported.json).confirmed_hits).toHaveLength(2);
    const lines = exported.csv
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^member_id;screened_name;/);
    expect(lines[1]).toContain('name | birthDate | nationality');
    // The case page's view: newest first, each hit with its own decisions.
    const hits = await memberHits(db, id);
    expect(hits.map((hit) => [hit.state, hit.screeningReason, hit.decisions.map((d) => d.state)])).toEqual([
      ['open', 'manual', []],
      ['confirmed', 'withdrawal', []],
      ['confirmed', 'submission', ['dismissed', 'confirmed']],
    ]);
    expect(hits[1]).toMatchObject({ carriedFrom: hitId, entryNames: ['Radomír Kovářík'], programme: 'UKR' });
    expect(hits[2]?.decisions[1]).toMatchObject({ operatorId, reason: 'Passport matches the listing' });

    // Retention: the records go only through deleteScreeningRecords, whole.
    await expect(db.execute(sql`DELETE FROM sanctions_hit_decisions WHERE hit_id = ${hitId}`)).rejects.toThrow();
    const other = memberIds[1] ?? '';
    const othersBefore = await db.select().from(sanctionsScreenings).where(eq(sanctionsScreenings.memberId, other));
    expect(othersBefore).toHaveLength(1);
    expect(await deleteScreeningRecords(db, id)).toBe(3);
    expect(await memberHits(db, id)).toEqual([]);
    expect(await db.select().from(sanctionsScreenings).where(eq(sanctionsScreenings.memberId, id))).toEqual([]);
    expect(await db.select().from(sanctionsScreenings).where(eq(sanctionsScreenings.memberId, other))).toEqual(
      othersBefore,
    );

    // A member without a confirmed hit has nothing to export.
    expect((await exportHitsForAuthority(db, memberIds[0] ?? '')).records).toEqual([]);
  });
});
