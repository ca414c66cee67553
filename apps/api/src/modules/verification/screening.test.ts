import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  caseIdOf,
  declaration,
  loadSampleSanctionsList,
  pdf,
  photo,
  submitCase,
  uploadDocument,
} from '../../../test/verification';
import { verificationEvents, verifications } from '../../db/schema';
import { loadSanctionsList, rescreenPending, SANCTIONS_SAMPLE } from '../sanctions';
import { VerificationGateError } from './gate';
import { screenBeforeWithdrawal, verificationRescreenHooks } from './screening';

/**
 * The verification module and the sanctions module together (issue 29), on PostgreSQL, with the committed sample of
 * the EU list: nobody is submitted unscreened, a listed person goes to review as a sanctions hit, a new list version
 * suspends an approved member it names, and a withdrawal screens first.
 */
let t: TestApp;
let compliance: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  compliance = await createOperator(t, 'compliance');
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const newcomer = () => createMember(t, { verified: true, approved: false });
const caseOf = async (email: string) => {
  const user = await userRow(t, email);
  const [row] = await db()
    .select()
    .from(verifications)
    .where(eq(verifications.userId, user?.id ?? ''));
  return row;
};
const lastReason = async (caseId: string) => {
  const events = await db()
    .select({ reason: verificationEvents.reasonCode, to: verificationEvents.toState })
    .from(verificationEvents)
    .where(eq(verificationEvents.verificationId, caseId))
    .orderBy(verificationEvents.seq);
  return events.at(-1);
};
/** The sample list with one more listed person (a new version of the list names them). */
const sampleNaming = (first: string, last: string, birthDate: string) =>
  readFileSync(join(import.meta.dirname, '../../../../..', SANCTIONS_SAMPLE), 'utf8')
    .replace(
      /firstName="Gheorghe" middleName="Ionuț" lastName="BĂLĂNESCU" wholeName="Gheorghe Ionuț BĂLĂNESCU"/,
      `firstName="${first}" middleName="" lastName="${last}" wholeName="${first} ${last}"`,
    )
    .replace(/birthdate="1966-07-21"/, `birthdate="${birthDate}"`);

describe('screening at submission', () => {
  it('submits nobody before a list is loaded (503, the case stays being collected)', async () => {
    // submitCase loads the sample first: the refusal is proven on a database without it, through the routes alone.
    const fresh = await createTestApp();
    try {
      const other = await createMember(fresh, { verified: true, approved: false });
      const saved = await fresh.call('PUT', '/api/user/verification', {
        token: other.accessToken,
        body: declaration(),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      for (const kind of ['identity_front', 'identity_back'] as const) {
        expect((await uploadDocument(fresh, other.accessToken, kind, await photo())).statusCode).toBe(200);
      }
      const proof = await uploadDocument(fresh, other.accessToken, 'proof_of_address', await pdf(), {
        filename: 'facture.pdf',
        type: 'application/pdf',
      });
      expect(proof.statusCode).toBe(200);
      const refused = await fresh.call('POST', '/api/user/verification/submit', { token: other.accessToken });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toEqual(messages.SanctionsListMissing);
      const [row] = await fresh.ctx.database.db.select().from(verifications);
      expect(row?.state).toBe('collecting');
    } finally {
      await fresh.close();
    }
  });

  it('sends a listed person to review as a sanctions hit, accents and word order aside', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken, {
      legal_first_name: 'Balanescu',
      legal_last_name: 'Gheorghe',
      birth_date: '1966-07-21',
      nationality: 'RO',
    });
    const row = await caseOf(member.email);
    expect(row?.state).toBe('in_review');
    expect(await lastReason(row?.id ?? '')).toEqual({ reason: 'sanctions_hit', to: 'in_review' });
  });

  it('sends a namesake born another year to review as any case (no hit)', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken, {
      legal_first_name: 'Gheorghe',
      legal_last_name: 'Balanescu',
      birth_date: '1990-01-01',
      nationality: 'FR',
    });
    const row = await caseOf(member.email);
    expect(await lastReason(row?.id ?? '')).toEqual({ reason: 'provider_review', to: 'in_review' });
  });
});

describe('a new list version, and withdrawals', () => {
  it('suspends an approved member the new version names, and the next withdrawal screens and refuses', async () => {
    await loadSampleSanctionsList(t);
    await rescreenPending(db(), verificationRescreenHooks(t.ctx));
    const listed = await newcomer();
    const clear = await newcomer();
    for (const [member, name] of [
      [listed, { legal_first_name: 'Aurélie', legal_last_name: 'Fontanel', birth_date: '1979-02-03' }],
      [clear, { legal_first_name: 'Bastien', legal_last_name: 'Morel', birth_date: '1981-06-09' }],
    ] as const) {
      await submitCase(t, member.accessToken, name);
      const caseId = await caseIdOf(t, compliance.accessToken, member.email);
      const approved = await t.call('POST', `/api/admin/verifications/${caseId}/approve`, {
        token: compliance.accessToken,
        body: { reason_code: 'documents_verified' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    // Nothing named them: a withdrawal's screening lets them through.
    const listedId = (await userRow(t, listed.email))?.id ?? '';
    await expect(screenBeforeWithdrawal(t.ctx, listedId)).resolves.toBeUndefined();

    const loaded = await loadSanctionsList(db(), {
      source: 'file:sample-with-fontanel.xml',
      content: sampleNaming('Aurélie', 'FONTANEL', '1979-02-03'),
    });
    expect(loaded.status).toBe('loaded');
    const summary = await rescreenPending(db(), verificationRescreenHooks(t.ctx));
    expect(summary?.withOpenHits).toBe(1);
    expect((await caseOf(listed.email))?.state).toBe('suspended');
    expect((await caseOf(clear.email))?.state).toBe('approved');
    const withdrawal = await t.call('POST', '/api/member/withdrawal/code', { token: listed.accessToken });
    expect(withdrawal.statusCode).toBe(403);
    expect(withdrawal.json()).toMatchObject({ step: 'identity_verification', page: '/user/verification' });
  });

  it('screens before a withdrawal: a standing hit suspends the member there and then', async () => {
    // Approved before the list named them (the seed's path), with a declaration the current list now matches.
    const member = await newcomer();
    await submitCase(t, member.accessToken, {
      legal_first_name: 'Bastien',
      legal_last_name: 'Lefort',
      birth_date: '1984-04-04',
    });
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    await t.call('POST', `/api/admin/verifications/${caseId}/approve`, {
      token: compliance.accessToken,
      body: { reason_code: 'documents_verified' },
    });
    await loadSanctionsList(db(), {
      source: 'file:sample-with-lefort.xml',
      content: sampleNaming('Bastien', 'LEFORT', '1984-04-04'),
    });
    const memberId = (await userRow(t, member.email))?.id ?? '';
    // The job has not run yet: the withdrawal's own screening finds the hit.
    await expect(screenBeforeWithdrawal(t.ctx, memberId)).rejects.toBeInstanceOf(VerificationGateError);
    const [row] = await db()
      .select({ state: verifications.state })
      .from(verifications)
      .where(and(eq(verifications.userId, memberId)));
    expect(row?.state).toBe('suspended');
  });
});
