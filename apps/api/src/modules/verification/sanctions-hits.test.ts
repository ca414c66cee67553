import { messages, VERIFICATION_PAGE } from '@parcelle/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, createPaintingForSale, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caseIdOf, submitCase } from '../../../test/verification';
import { auditLog, memberNotifications, verifications } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { screenBeforeWithdrawal } from './screening';

/**
 * Sanctions hits on the compliance side (issue 29), on PostgreSQL with the committed sample of the EU list: the case
 * shows the hits with what matched; only compliance decides or exports; a dismissed namesake lets a later approval
 * stand; a confirmed hit freezes the case (rejected in review, suspended once approved) so nothing moves.
 */
let t: TestApp;
let compliance: Awaited<ReturnType<typeof createOperator>>;
let painting: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  compliance = await createOperator(t, 'compliance');
  painting = await createPaintingForSale(t, { widthCm: 4, heightCm: 4, pricePerPartMinor: 400 });
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
/** Someone with the listed person's name, birth date and nationality (the sample's Gheorghe Ionuț Bălănescu). */
const LISTED = {
  legal_first_name: 'Gheorghe',
  legal_last_name: 'Balanescu',
  birth_date: '1966-07-21',
  nationality: 'RO',
};

async function listedCase() {
  const member = await createMember(t, { verified: true, approved: false });
  await submitCase(t, member.accessToken, LISTED);
  const caseId = await caseIdOf(t, compliance.accessToken, member.email);
  const memberId = (await userRow(t, member.email))?.id ?? '';
  return { member, caseId, memberId };
}
const caseAnswer = async (caseId: string, token = compliance.accessToken) =>
  t.call('GET', `/api/admin/verifications/${caseId}`, { token });
const hitsOf = async (caseId: string) => (await caseAnswer(caseId)).json().data.sanctions_hits;
const onHit = (
  caseId: string,
  hitId: string,
  action: 'dismiss' | 'confirm',
  body: object,
  token = compliance.accessToken,
) => t.call('POST', `/api/admin/verifications/${caseId}/hits/${hitId}/${action}`, { token, body });
const approve = (caseId: string, token = compliance.accessToken) =>
  t.call('POST', `/api/admin/verifications/${caseId}/approve`, { token, body: { reason_code: 'hit_cleared' } });
const stateOf = async (memberId: string) =>
  (await db().select({ state: verifications.state }).from(verifications).where(eq(verifications.userId, memberId)))[0]
    ?.state;
const audits = (action: string, targetId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const purchase = (token: string) =>
  t.call('POST', '/api/paintings/validate', {
    token,
    body: { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'G. B.', currency: 'EURO' },
  });
const withdrawalCode = (token: string) => t.call('POST', '/api/member/withdrawal/code', { token });

function expectFrozen(response: { statusCode: number; json: () => Record<string, unknown> }, label: string) {
  expect(response.statusCode, label).toBe(403);
  expect(response.json(), label).toMatchObject({ step: 'identity_verification', page: VERIFICATION_PAGE });
}

describe('the case answer', () => {
  it('carries the hits with the fields that matched, the list version, the entry’s names and their decisions', async () => {
    const { caseId } = await listedCase();
    const [hit, ...others] = await hitsOf(caseId);
    expect(others).toEqual([]);
    expect(hit).toMatchObject({
      state: 'open',
      // The sample lists the unaccented spelling as an alias of the entry.
      matched_fields: ['alias', 'birthDate', 'nationality'],
      screening_reason: 'submission',
      decisions: [],
      carried_from: null,
    });
    expect(hit.score).toBeGreaterThanOrEqual(95);
    expect(hit.entry_names).toContain('Gheorghe Ionuț BĂLĂNESCU');
    expect(hit.list_version_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(hit.list_generated_at))).toBe(false);
  });
});

describe('who may decide and export', () => {
  it('lets compliance alone dismiss, confirm and export (admin reads the case, hits included)', async () => {
    const { caseId } = await listedCase();
    const [hit] = await hitsOf(caseId);
    for (const role of ['admin', 'finance', 'support', 'catalogue'] as const) {
      const operator = await createOperator(t, role);
      const dismissed = await onHit(caseId, hit.id, 'dismiss', { reason: 'Other person' }, operator.accessToken);
      expect(dismissed.statusCode, `${role} dismiss`).toBe(403);
      expect(dismissed.json().error).toHaveProperty('fr');
      const confirmed = await onHit(caseId, hit.id, 'confirm', { reason: 'Same', message: 'x' }, operator.accessToken);
      expect(confirmed.statusCode, `${role} confirm`).toBe(403);
      const exported = await t.call('GET', `/api/admin/verifications/${caseId}/hits/export?format=csv`, {
        token: operator.accessToken,
      });
      expect(exported.statusCode, `${role} export`).toBe(403);
      const read = await caseAnswer(caseId, operator.accessToken);
      expect(read.statusCode, `${role} reads the case`).toBe(role === 'admin' ? 200 : 403);
      if (role === 'admin') expect(read.json().data.sanctions_hits).toHaveLength(1);
    }
    const anonymous = await t.call('POST', `/api/admin/verifications/${caseId}/hits/${hit.id}/dismiss`, {
      body: { reason: 'Other person' },
    });
    expect(anonymous.statusCode).toBe(401);
    const member = await createMember(t, { verified: true });
    expect((await onHit(caseId, hit.id, 'dismiss', { reason: 'x' }, member.accessToken)).statusCode).toBe(403);
    // Nothing of it was recorded.
    expect(await audits('sanctions_hit.dismiss', hit.id)).toEqual([]);
    expect((await hitsOf(caseId))[0].state).toBe('open');
  });

  it('refuses a decision without a reason, on a hit of another case, or the same decision twice', async () => {
    const { caseId } = await listedCase();
    const other = await listedCase();
    const [hit] = await hitsOf(caseId);
    const [otherHit] = await hitsOf(other.caseId);
    const blank = await onHit(caseId, hit.id, 'dismiss', { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toEqual(messages.SanctionsHitReasonRequired);
    const noMessage = await onHit(caseId, hit.id, 'confirm', { reason: 'Same person' });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json().error).toEqual(messages.VerificationMessageRequired);
    expect((await onHit(caseId, otherHit.id, 'dismiss', { reason: 'Namesake' })).statusCode).toBe(404);
    expect((await onHit(caseId, hit.id, 'dismiss', { reason: 'Namesake' })).statusCode).toBe(200);
    const twice = await onHit(caseId, hit.id, 'dismiss', { reason: 'Namesake' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual(messages.SanctionsHitAlreadyDecided);
  });
});

describe('dismissing a namesake', () => {
  it('is needed before approval, is audited, and lets a later approval stand through the next screening', async () => {
    const { member, caseId, memberId } = await listedCase();
    const early = await approve(caseId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual(messages.VerificationSanctionsHitOpen);
    const [hit] = await hitsOf(caseId);
    const dismissed = await onHit(caseId, hit.id, 'dismiss', { reason: 'Born in Lyon, not in Brașov (passport seen)' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().message).toEqual(messages.SanctionsHitDismissedDone);
    expect(dismissed.json().data.state).toBe('in_review');
    expect(dismissed.json().data.sanctions_hits[0]).toMatchObject({
      state: 'dismissed',
      decisions: [
        {
          state: 'dismissed',
          operator_email: compliance.email,
          reason: 'Born in Lyon, not in Brașov (passport seen)',
        },
      ],
    });
    expect(await audits('sanctions_hit.dismiss', hit.id)).toHaveLength(1);

    expect((await approve(caseId)).statusCode).toBe(200);
    expect(await stateOf(memberId)).toBe('approved');
    // The next screening (before a withdrawal) carries the dismissal over: the member stays approved and may buy.
    await expect(screenBeforeWithdrawal(t.ctx, memberId)).resolves.toBeUndefined();
    expect(await stateOf(memberId)).toBe('approved');
    const bought = await purchase(member.accessToken);
    expect(bought.statusCode, bought.body).toBe(200);
  });
});

describe('confirming the listed person', () => {
  it('rejects a case in review with sanctions_confirmed, tells the member, and nothing moves', async () => {
    const { member, caseId, memberId } = await listedCase();
    const [hit] = await hitsOf(caseId);
    const confirmed = await onHit(caseId, hit.id, 'confirm', {
      reason: 'Same name, birth date and nationality; passport number matches the listing',
      message: 'Nous ne pouvons pas ouvrir votre compte.',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toEqual(messages.SanctionsHitConfirmedDone);
    expect(confirmed.json().data).toMatchObject({ state: 'rejected', sanctions_hits: [{ state: 'confirmed' }] });
    expect(confirmed.json().data.history.at(-1)).toMatchObject({
      from_state: 'in_review',
      to_state: 'rejected',
      reason_code: 'sanctions_confirmed',
      actor_email: compliance.email,
    });
    expect(await audits('sanctions_hit.confirm', hit.id)).toHaveLength(1);
    const [rejection] = await audits('verification.reject', caseId);
    expect(rejection?.details).toEqual({ reason_code: 'sanctions_confirmed', hit_id: hit.id });
    const [told] = await db()
      .select()
      .from(memberNotifications)
      .where(eq(memberNotifications.userId, memberId))
      .orderBy(desc(memberNotifications.createdAt))
      .limit(1);
    expect(told?.payload).toMatchObject({ decision: 'rejected', reason_code: 'sanctions_confirmed' });
    expectFrozen(await purchase(member.accessToken), 'purchase');
    expectFrozen(await withdrawalCode(member.accessToken), 'withdrawal');
    expect((await approve(caseId)).statusCode).toBe(409);
  });

  it('suspends an approved member; no reinstatement stands over it; the export for the authority', async () => {
    const { member, caseId, memberId } = await listedCase();
    const [hit] = await hitsOf(caseId);
    await onHit(caseId, hit.id, 'dismiss', { reason: 'Thought a namesake' });
    expect((await approve(caseId)).statusCode).toBe(200);
    expect((await purchase(member.accessToken)).statusCode).toBe(200);
    // New evidence: the earlier dismissal is corrected by a confirmation (appended, not changed).
    const confirmed = await onHit(caseId, hit.id, 'confirm', {
      reason: 'Authority notice of 3 March names this passport',
      message: 'Your account is suspended.',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.state).toBe('suspended');
    expect(
      confirmed.json().data.sanctions_hits[0].decisions.map((decision: { state: string }) => decision.state),
    ).toEqual(['dismissed', 'confirmed']);
    expect(await audits('verification.suspend', caseId)).toHaveLength(1);
    expectFrozen(await purchase(member.accessToken), 'purchase');
    expectFrozen(await withdrawalCode(member.accessToken), 'withdrawal');
    const reinstated = await approve(caseId);
    expect(reinstated.statusCode).toBe(409);
    expect(reinstated.json().error).toEqual(messages.VerificationSanctionsConfirmed);
    expect(await stateOf(memberId)).toBe('suspended');

    const csv = await t.call('GET', `/api/admin/verifications/${caseId}/hits/export?format=csv`, {
      token: compliance.accessToken,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="sanctions-hits-${memberId}.csv"`);
    expect(csv.headers['cache-control']).toBe('no-store');
    const [header, row, ...rest] = csv.body.trim().split(/\r?\n/);
    expect(rest).toEqual([]);
    expect(header).toContain('confirmation_reason');
    expect(row).toContain('Authority notice of 3 March names this passport');
    const json = await t.call('GET', `/api/admin/verifications/${caseId}/hits/export?format=json`, {
      token: compliance.accessToken,
    });
    expect(json.json()).toMatchObject({
      member_id: memberId,
      confirmed_hits: [{ hit_id: hit.id, confirmed_by: compliance.email, screened_name: 'Gheorghe Balanescu' }],
    });
    const exports = await audits('sanctions_hit.export', caseId);
    expect(exports.map((entry) => (entry.details as { format: string }).format).sort()).toEqual(['csv', 'json']);
    const badFormat = await t.call('GET', `/api/admin/verifications/${caseId}/hits/export?format=xml`, {
      token: compliance.accessToken,
    });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().error).toHaveProperty('en');
  });
});
