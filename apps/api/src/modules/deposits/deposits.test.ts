import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  creditorReference,
  creditorReferenceValid,
  FINANCE_TYPES,
  formatCreditorReference,
  messages,
} from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveVerification, createMember, createOperator, lastMessageTo, userRow } from '../../../test/factories';
import { raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { exchangeRates, memberNotifications, users } from '../../db/schema';
import { Rates } from '../fx/rates';
import { accountFor, balanceOf } from '../ledger/ledger';
import { euroMinorOf, parseCamt053, StatementInvalid } from './camt053';
import { depositReferences } from './schema';

/** Issue 31: deposits by SEPA transfer, from the bank's camt.053 statement to the member's wallet. */
const SAMPLE = readFileSync(join(import.meta.dirname, '../../../test/fixtures/camt053-sample.xml'), 'utf8');
/** The sample's two members' references (ISO 11649): given to this file's members below. */
const REFERENCE_A = 'RF36100000000001';
const REFERENCE_B = 'RF09100000000002';

let t: TestApp;
let finance: string;
let a: { id: string; email: string; accessToken: string };
let b: { id: string; email: string; accessToken: string };

/** The sample with another statement id: a new statement, whose entries are new. */
const sampleAs = (statementId: string) => SAMPLE.replace('STMT-2026-11-27-001', statementId);
const upload = (content: string, token = finance) =>
  t.call('POST', '/api/admin/deposits/statements', { token, body: { file_name: 'statement.xml', content } });
const walletOf = async (userId: string) => {
  const db = t.ctx.database.db;
  return balanceOf(db, await accountFor(db, 'member_wallet', 'EURO', userId));
};
const queued = async () =>
  (await t.call('GET', '/api/admin/deposits/transfers?status=queued&limit=100', { token: finance })).json().data
    .transfers as { id: string; reason: string; entry_reference: string; statement_id: string; member: unknown }[];

async function member(approved: boolean, reference: string) {
  const created = await createMember(t, { verified: true, approved });
  const row = await userRow(t, created.email);
  if (!row) throw new Error('no member');
  // Euro wallets: the deposit is credited as received (a dollar wallet is exchanged, ledger/member-credits.ts).
  await t.ctx.database.db.update(users).set({ currency: 'EURO' }).where(eq(users.id, row.id));
  await t.ctx.database.db.insert(depositReferences).values({ userId: row.id, reference });
  return { id: row.id, email: created.email, accessToken: created.accessToken };
}

beforeAll(async () => {
  t = await createTestApp();
  finance = (await createOperator(t, 'finance')).accessToken;
  a = await member(true, REFERENCE_A);
  b = await member(false, REFERENCE_B);
});
afterAll(() => t.close());

describe('reading a camt.053 statement', () => {
  it('reads every entry of the sample: amounts as exact cents, references, debtors, status', () => {
    const [statement] = parseCamt053(SAMPLE);
    expect(statement?.id).toBe('STMT-2026-11-27-001');
    expect(statement?.iban).toBe('FR7630006000011234567890189');
    expect(statement?.entries).toHaveLength(10);
    const [first, second] = statement?.entries ?? [];
    expect(first).toMatchObject({
      entryReference: 'BK20261127000001',
      creditDebit: 'CRDT',
      booked: true,
      bookedOn: '2026-11-27',
      amountMinor: 25_000,
      currencyCode: 'EUR',
      debtorName: 'Camille Martin',
      remittance: 'Parcelle RF36 1000 0000 0001',
    });
    expect(second).toMatchObject({ amountText: '100.1', amountMinor: 10_010, remittance: REFERENCE_A });
    expect(statement?.entries[5]).toMatchObject({ currencyCode: 'CHF', amountMinor: null });
    expect(statement?.entries[7]?.creditDebit).toBe('DBIT');
    expect(statement?.entries[8]?.booked).toBe(false);
  });

  it('turns decimal text into cents by string arithmetic, refusing what is not an amount', () => {
    expect(euroMinorOf('0.1')).toBe(10);
    expect(euroMinorOf('1234.56')).toBe(123_456);
    expect(euroMinorOf('19.99')).toBe(1999); // 19.99 * 100 is 1998.9999999999998 as a float
    expect(euroMinorOf('5.000')).toBe(500);
    expect(() => euroMinorOf('5.001')).toThrow(StatementInvalid);
    expect(() => euroMinorOf('1e3')).toThrow(StatementInvalid);
    expect(() => euroMinorOf('-5.00')).toThrow(StatementInvalid);
  });

  it('refuses what is not a statement: broken XML, another document, an entry without amount', () => {
    expect(() => parseCamt053('<Document><BkToCstmrStmt>')).toThrow(StatementInvalid);
    expect(() => parseCamt053('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>')).toThrow(
      StatementInvalid,
    );
    expect(() => parseCamt053(SAMPLE.replace('<Amt Ccy="EUR">250.00</Amt>', '<Amt>250.00</Amt>'))).toThrow(
      /no currency/,
    );
    expect(() =>
      parseCamt053(
        SAMPLE.replace('<CdtDbtInd>CRDT</CdtDbtInd>\n        <Sts>BOOK', '<CdtDbtInd>X</CdtDbtInd>\n        <Sts>BOOK'),
      ),
    ).toThrow(/CdtDbtInd/);
  });
});

describe('the member’s transfer details', () => {
  it('gives a new member a stable reference with valid check digits, and Parcelle’s account', async () => {
    const fresh = await createMember(t, { verified: true });
    const first = await t.call('GET', '/api/member/deposit', { token: fresh.accessToken });
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    expect(creditorReferenceValid(data.reference)).toBe(true);
    expect(data.reference_display.replace(/ /g, '')).toBe(data.reference);
    expect(data).toMatchObject({
      enabled: true,
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPPXXX',
      verified: true,
    });
    const again = await t.call('GET', '/api/member/deposit', { token: fresh.accessToken });
    expect(again.json().data.reference).toBe(data.reference);
    expect((await t.call('GET', '/api/member/deposit', { token: b.accessToken })).json().data.verified).toBe(false);
    expect((await t.call('GET', '/api/member/deposit')).statusCode).toBe(401);
  });
});

describe('importing the statement', () => {
  it('credits the matched entries once, queues the others with their reason, skips what is not a deposit', async () => {
    const response = await upload(SAMPLE);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      statement_ids: ['STMT-2026-11-27-001'],
      credits: 8,
      credited: 2,
      queued: 5,
      duplicates: 1,
      skipped: 2,
      credited_minor: 35_010,
    });
    expect(response.json().message).toEqual(messages.BankStatementImported);
    expect(await walletOf(a.id)).toBe(35_010);
    expect(await walletOf(b.id)).toBe(0);
    const reasons = Object.fromEntries((await queued()).map((row) => [row.entry_reference, row.reason]));
    expect(reasons).toEqual({
      BK20261127000003: 'no_reference',
      BK20261127000004: 'invalid_reference',
      BK20261127000005: 'unknown_reference',
      BK20261127000006: 'currency',
      BK20261127000007: 'not_verified',
    });
  });

  it('importing the same file again credits nothing twice', async () => {
    const again = await upload(SAMPLE);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ credits: 8, credited: 0, queued: 0, duplicates: 8, credited_minor: 0 });
    expect(await walletOf(a.id)).toBe(35_010);
    expect(await queued()).toHaveLength(5);
  });

  it('tells the member in the app and by email, and names the movement in their finance history', async () => {
    const notes = await t.ctx.database.db
      .select()
      .from(memberNotifications)
      .where(and(eq(memberNotifications.userId, a.id), eq(memberNotifications.kind, 'deposit_credited')));
    expect(notes.map((note) => note.payload.amount_minor).sort()).toEqual([10_010, 25_000]);
    const email = await lastMessageTo(t, a.email);
    expect(email?.subject).toContain('Bank transfer received');
    const history = await t.call('GET', '/api/member/finance/history?limit=10&offset=0&currency=EURO', {
      token: a.accessToken,
    });
    const rows = history.json().data.purchaseHistory as { type: number; payment_method: string; direction: string }[];
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ type: FINANCE_TYPES.deposit, payment_method: 'bank_transfer', direction: 'in' });
    }
  });

  it('refuses a file that is not a statement (400 in both languages), another account’s, and other roles', async () => {
    const broken = await upload('<Document><BkToCstmrStmt>');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toEqual(messages.BankStatementInvalid);
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    const other = await upload(SAMPLE.replace('FR7630006000011234567890189', 'FR1420041010050500013M02606'));
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toEqual(messages.BankStatementWrongAccount);
    const catalogue = await createOperator(t, 'catalogue');
    expect((await upload(SAMPLE, catalogue.accessToken)).statusCode).toBe(403);
    expect((await upload(SAMPLE, a.accessToken)).statusCode).toBe(403);
  });
});

describe('the queue', () => {
  it('keeps an unverified member’s transfer until they are verified, then an operator credits it (audited)', async () => {
    const waiting = (await queued()).find((row) => row.reason === 'not_verified');
    if (!waiting) throw new Error('no queued transfer');
    const assign = (email: string) =>
      t.call('POST', `/api/admin/deposits/transfers/${waiting.id}/assign`, {
        token: finance,
        body: { email, note: 'Identity verified since' },
      });
    const refused = await assign(b.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual(messages.DepositMemberNotVerified);
    expect(await walletOf(b.id)).toBe(0);
    await approveVerification(t, b.id);
    const credited = await assign(b.email);
    expect(credited.statusCode, credited.body).toBe(200);
    expect(await walletOf(b.id)).toBe(50_000);
    const twice = await assign(b.email);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual(messages.BankTransferNotQueued);
    expect(await walletOf(b.id)).toBe(50_000);
    const [entry] = await queryRows<{ action: string }>(
      t.ctx.database.db,
      sql`SELECT action FROM audit_log WHERE target_id = ${waiting.id}`,
    );
    expect(entry?.action).toBe('deposits.assign');
  });

  it('credits a transfer without reference to the member an operator names; returns a foreign currency', async () => {
    const rows = await queued();
    const noReference = rows.find((row) => row.reason === 'no_reference');
    const swiss = rows.find((row) => row.reason === 'currency');
    if (!noReference || !swiss) throw new Error('missing queued transfers');
    const unknown = await t.call('POST', `/api/admin/deposits/transfers/${noReference.id}/assign`, {
      token: finance,
      body: { email: 'nobody@example.com', note: 'Asked by phone' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual(messages.DepositMemberNotFound);
    const assigned = await t.call('POST', `/api/admin/deposits/transfers/${noReference.id}/assign`, {
      token: finance,
      body: { email: a.email.toUpperCase(), note: 'Her father’s transfer, confirmed by email' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await walletOf(a.id)).toBe(35_010 + 7_500);
    const assignedList = await t.call('GET', '/api/admin/deposits/transfers?status=assigned', { token: finance });
    const assignedRow = assignedList.json().data.transfers.find((row: { id: string }) => row.id === noReference.id);
    expect(assignedRow).toMatchObject({
      state: 'assigned',
      member: { id: a.id, email: a.email },
      resolution_note: 'Her father’s transfer, confirmed by email',
    });
    expect(assignedRow.ledger_reference).toMatch(/^DEP-[0-9A-F]{12}$/);
    const francs = await t.call('POST', `/api/admin/deposits/transfers/${swiss.id}/assign`, {
      token: finance,
      body: { email: a.email, note: 'x' },
    });
    expect(francs.json().error).toEqual(messages.BankTransferNotEuro);
    const returned = await t.call('POST', `/api/admin/deposits/transfers/${swiss.id}/return`, {
      token: finance,
      body: { note: 'Francs: back to the sender' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data.state).toBe('returning');
    const list = await t.call('GET', '/api/admin/deposits/transfers?status=returning', { token: finance });
    expect(list.json().data.transfers.map((row: { id: string }) => row.id)).toEqual([swiss.id]);
    expect(await queued()).toHaveLength(2);
    const blank = await t.call('POST', `/api/admin/deposits/transfers/${noReference.id}/return`, {
      token: finance,
      body: { note: ' ' },
    });
    expect(blank.statusCode).toBe(400);
  });
});

describe('a dollar wallet', () => {
  it('is credited the euros received exchanged at the day’s rate, through Parcelle’s exchange position', async () => {
    const db = t.ctx.database.db;
    const dollars = await member(true, creditorReference('100000000003'));
    await db.update(users).set({ currency: 'USD' }).where(eq(users.id, dollars.id));
    await db
      .insert(exchangeRates)
      .values({
        day: new Date().toISOString().slice(0, 10),
        base: 'EURO',
        quote: 'USD',
        rate: '1.2500',
        source: 'manual',
      })
      .onConflictDoNothing();
    const clearing = await accountFor(db, 'fx_clearing', 'EURO');
    const before = await balanceOf(db, clearing);
    const statement = sampleAs('STMT-USD-1')
      .replaceAll('RF36 1000 0000 0001', formatCreditorReference(creditorReference('100000000003')))
      .replace('<Ref>RF36100000000001</Ref>', `<Ref>${creditorReference('100000000003')}</Ref>`);
    const response = await upload(statement);
    // Its two entries, and the second member's (verified since the first import).
    expect(response.json().data.credited, response.body).toBe(3);
    // Each transfer exchanged on its own, half-even: 250.00 EUR → 312.50 USD; 100.10 EUR → 125.125 → 125.12 USD.
    const rates = await Rates.load(db);
    const expected = rates.exchange(25_000, 'EURO', 'USD') + rates.exchange(10_010, 'EURO', 'USD');
    expect(expected).toBe(43_762);
    expect(await balanceOf(db, await accountFor(db, 'member_wallet', 'USD', dollars.id))).toBe(expected);
    // Euros received enter Parcelle's euro position (the other member's euros go straight to their euro wallet).
    expect(await balanceOf(db, clearing)).toBe(before + 35_010);
  });
});

describe(raceTitle('two imports of the same statement at once credit it once'), () => {
  it('the second waits on the first’s entry, then finds it', async () => {
    const db = t.ctx.database.db;
    const wallet = await accountFor(db, 'member_wallet', 'EURO', a.id);
    const before = { a: await walletOf(a.id), b: await walletOf(b.id) };
    const content = sampleAs('STMT-RACE-1');
    // The member's wallet is held: the first import stops at its ledger entry, the second behind the first's row.
    const answers = await raceBehindLock(
      db,
      { lock: sql`SELECT id FROM ledger_accounts WHERE id = ${wallet} FOR UPDATE`, waiters: 2 },
      [() => upload(content), () => upload(content)],
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    // Three credits now: the second member is verified since the first import.
    const credited = answers.map((answer) => answer.json().data.credited).sort();
    expect(credited).toEqual([0, 3]);
    expect(answers.map((answer) => answer.json().data.duplicates).sort()).toEqual([1, 8]);
    expect(await walletOf(a.id)).toBe(before.a + 35_010);
    expect(await walletOf(b.id)).toBe(before.b + 50_000);
  });
});
