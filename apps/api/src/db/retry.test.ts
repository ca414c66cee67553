import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, userRow } from '../../test/factories';
import { sideConnection } from '../../test/pg-side';
import { createTestApp, type TestApp } from '../../test/test-app';
import { consumeCode, issueCode } from '../modules/codes/service';
import { inTransaction, TRANSACTION_ATTEMPTS, transactionRetries } from './retry';
import { verificationCodes } from './schema';

/** A deadlock or serialization failure, as the pg driver reports it. */
const conflictError = (code: string) => Object.assign(new Error('conflict'), { code, severity: 'ERROR' });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('inTransaction', () => {
  it('runs a transaction again after a deadlock or a serialization failure, and only the committed attempt counts', async () => {
    const member = await createMember(t, { verified: true });
    const userId = (await userRow(t, member.email))?.id ?? '';
    const code = await issueCode(t.ctx.database.db, t.ctx.config, { userId, purpose: 'purchase' });
    const before = transactionRetries();
    const attempts: number[] = [];
    await inTransaction(t.ctx.database.db, async (tx, attempt) => {
      attempts.push(attempt);
      // Each attempt spends the code; the ones that fail roll the spending back with them.
      await consumeCode(tx, t.ctx.config, { userId, purpose: 'purchase', code });
      if (attempt === 1) throw conflictError('40P01');
      if (attempt === 2) throw conflictError('40001');
    });
    expect(attempts).toEqual([1, 2, 3]);
    expect(transactionRetries() - before).toBe(2);
    const live = await t.ctx.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
    expect(live).toHaveLength(0);
  });

  it('runs a transaction again once after a lock timeout (55P03), then lets the caller answer', async () => {
    let runs = 0;
    await expect(
      inTransaction(t.ctx.database.db, async () => {
        runs++;
        throw conflictError('55P03');
      }),
    ).rejects.toThrow('conflict');
    expect(runs).toBe(2);
  });

  it('gives up after its attempts, and never retries another error', async () => {
    let runs = 0;
    await expect(
      inTransaction(t.ctx.database.db, async () => {
        runs++;
        throw conflictError('40P01');
      }),
    ).rejects.toThrow('conflict');
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    runs = 0;
    await expect(
      inTransaction(t.ctx.database.db, async () => {
        runs++;
        throw conflictError('23505');
      }),
    ).rejects.toThrow('conflict');
    expect(runs).toBe(1);
  });

  it('retries a real serialization failure raised by PostgreSQL (REPEATABLE READ)', async () => {
    const member = await createMember(t, { verified: true });
    const userId = (await userRow(t, member.email))?.id ?? '';
    const side = await sideConnection(t);
    try {
      await side.client.query('BEGIN');
      await side.client.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const attempts: number[] = [];
      const updated = inTransaction(t.ctx.database.db, async (tx, attempt) => {
        attempts.push(attempt);
        await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
        await tx.execute(sql`SELECT 1`);
        // The side connection changes the row and commits while this attempt waits: its snapshot is stale (40001).
        await tx.execute(sql`UPDATE users SET first_name = 'Retried' WHERE id = ${userId}`);
      });
      await side.lockWaits(1, updated);
      await side.client.query(`UPDATE users SET first_name = 'Side' WHERE id = $1`, [userId]);
      await side.client.query('COMMIT');
      await updated;
      expect(attempts).toEqual([1, 2]);
    } finally {
      await side.close();
    }
    expect((await userRow(t, member.email))?.firstName).toBe('Retried');
  });
});
