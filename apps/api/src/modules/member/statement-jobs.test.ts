import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMember, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { memberStatements, users } from '../../db/schema';
import { STATEMENT_JOB, sweepStatements } from './statement-jobs';
import type * as statements from './statements';

/** Rendering is counted (and made to fail when a test asks), the real renderer does the work. */
const rendering = vi.hoisted(() => ({ pdf: 0, csv: 0, failNext: 0 }));
vi.mock('./statements', async (importOriginal) => {
  const real = await importOriginal<typeof statements>();
  return {
    ...real,
    statementPdf: async (input: Parameters<typeof real.statementPdf>[0]) => {
      rendering.pdf++;
      if (rendering.failNext > 0) {
        rendering.failNext--;
        throw new Error('renderer failed');
      }
      return real.statementPdf(input);
    },
    statementCsv: (...args: Parameters<typeof real.statementCsv>) => {
      rendering.csv++;
      return real.statementCsv(...args);
    },
  };
});

type Member = { accessToken: string; id: string };

let t: TestApp;
let alice: Member;

async function member(): Promise<Member> {
  const created = await createMember(t, { verified: true });
  return { ...created, id: (await userRow(t, created.email))?.id ?? '' };
}

const pathOf = (url: string) => url.replace(t.ctx.config.publicUrl, '');
async function links(who: Member, type = 'PURCHASE') {
  const response = await t.call('GET', `/api/member/download/${type}`, { token: who.accessToken });
  expect(response.statusCode).toBe(200);
  const data = response.json().data;
  return { pdf: pathOf(data.download_url), csv: pathOf(data.csv_url), id: new URL(data.csv_url).searchParams.get('s') };
}
const open = (path: string) => t.call('GET', path);
const drain = () => t.ctx.jobs.drain([STATEMENT_JOB]);
/** The state of a statement job in pg-boss's table. */
async function jobOf(id: string | null) {
  const { rows } = await t.ctx.database.executeSql(
    'SELECT state, retry_count, start_after > now() AS later FROM pgboss.job WHERE name = $1 AND id = $2',
    [STATEMENT_JOB, id],
  );
  return rows[0] as { state: string; retry_count: number; later: boolean } | undefined;
}
const stored = (id: string | null) =>
  t.ctx.database.db
    .select()
    .from(memberStatements)
    .where(eq(memberStatements.id, id ?? ''));

beforeAll(async () => {
  t = await createTestApp({ statementWaitMs: 0 });
  alice = await member();
});
afterAll(() => t.close());
beforeEach(() => {
  t.ctx.config.statementWaitMs = 0;
  rendering.failNext = 0;
});

describe('statements rendered by a job (issue 13 §4)', () => {
  it('the link answers 503 with Retry-After until the job has run, then serves the stored file', async () => {
    const { pdf, csv, id } = await links(alice);
    expect(await jobOf(id)).toMatchObject({ state: 'created' });
    const before = { ...rendering };
    const early = await open(pdf);
    expect(early.statusCode).toBe(503);
    expect(early.headers['retry-after']).toBe('5');
    expect(early.json().error).toEqual(messages.StatementPreparing);
    expect((await open(csv)).statusCode).toBe(503);
    // Nothing was rendered inside the link requests, nor stored.
    expect(rendering).toEqual(before);
    expect(await stored(id)).toEqual([]);

    await drain();
    expect(rendering).toEqual({ ...before, pdf: before.pdf + 1, csv: before.csv + 1 });
    expect(await jobOf(id)).toMatchObject({ state: 'completed' });
    const file = await open(pdf);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const sheet = await open(csv);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(
      'Reference;Date;Work;Type;Parts;Part price;Amount;Currency',
    );
    expect((await stored(id)).map((row) => [row.format, row.userId, row.type, row.language]).sort()).toEqual([
      ['csv', alice.id, 'PURCHASE', 'en'],
      ['pdf', alice.id, 'PURCHASE', 'en'],
    ]);
  });

  it('a link opened while its job runs waits for it (bounded), and serves the file', async () => {
    t.ctx.config.statementWaitMs = 20_000;
    const { pdf } = await links(alice, 'SALE');
    const waiting = open(pdf);
    // The link has looked for its file and not found it before the job runs.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await drain();
    const file = await waiting;
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the wait is bounded: past STATEMENT_WAIT_SECONDS without the job, 503', async () => {
    t.ctx.config.statementWaitMs = 600;
    const { csv } = await links(alice, 'SALE');
    const started = Date.now();
    const late = await open(csv);
    expect(late.statusCode).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    await drain();
  });

  it('the same link twice serves the same file; a new download request renders afresh', async () => {
    const first = await links(alice, 'DIVIDEND');
    await drain();
    const once = await open(first.pdf);
    const twice = await open(first.pdf);
    expect(twice.statusCode).toBe(200);
    expect(twice.rawPayload.equals(once.rawPayload)).toBe(true);
    const pdfsBefore = rendering.pdf;
    const second = await links(alice, 'DIVIDEND');
    expect(second.id).not.toBe(first.id);
    await drain();
    expect(rendering.pdf).toBe(pdfsBefore + 1);
    expect((await open(second.pdf)).statusCode).toBe(200);
    // The first link still serves its own file, rendered once.
    expect((await open(first.pdf)).rawPayload.equals(once.rawPayload)).toBe(true);
    expect(rendering.pdf).toBe(pdfsBefore + 1);
  });

  it('a failed rendering is retried by the queue with backoff, and the link serves the retry’s file', async () => {
    rendering.failNext = 1;
    const { pdf, id } = await links(alice, 'ARTWORK');
    await drain();
    // Failed once, the job waits for its retry's delay.
    expect(await jobOf(id)).toMatchObject({ state: 'retry', later: true });
    expect((await open(pdf)).statusCode).toBe(503);
    // The retry's time comes (its delay elapsed).
    await t.ctx.database.executeSql(
      "UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND id = $2",
      [STATEMENT_JOB, id],
    );
    await drain();
    expect(await jobOf(id)).toMatchObject({ state: 'completed', retry_count: 1 });
    expect((await open(pdf)).statusCode).toBe(200);
  });

  it('statements expire with their links and are deleted by the sweep', async () => {
    const { csv, id } = await links(alice);
    await drain();
    expect((await open(csv)).statusCode).toBe(200);
    const row = (await stored(id))[0];
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(await sweepStatements(t.ctx)).toBe(0);
    const after = new Date((row?.expiresAt.getTime() ?? 0) + 1000);
    expect(await sweepStatements(t.ctx, after)).toBeGreaterThanOrEqual(2);
    expect(await stored(id)).toEqual([]);
  });

  it('a stored file past its expiry is not served', async () => {
    const { csv, id } = await links(alice);
    await drain();
    await t.ctx.database.db
      .update(memberStatements)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberStatements.id, id ?? ''));
    expect((await open(csv)).statusCode).toBe(503);
  });

  it('a disabled member’s links answer 404, and the job renders nothing for them', async () => {
    const bob = await member();
    const ready = await links(bob);
    await drain();
    const pending = await links(bob, 'SALE');
    await t.ctx.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, bob.id));
    expect((await open(ready.pdf)).statusCode).toBe(404);
    const pdfsBefore = rendering.pdf;
    await drain();
    expect(rendering.pdf).toBe(pdfsBefore);
    expect(await stored(pending.id)).toEqual([]);
    expect((await open(pending.csv)).statusCode).toBe(404);
  });
});
