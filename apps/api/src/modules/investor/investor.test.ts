import { createHash } from 'node:crypto';
import {
  INVESTOR_PAGE,
  INVESTOR_WARNINGS,
  KNOWLEDGE_QUESTIONS,
  KNOWLEDGE_TEST_VERSION,
  messages,
} from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeKeyInformation,
  createMember,
  createOperator,
  createPaintingForSale,
  fundWallet,
  userRow,
  walletCode,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, users } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { reflectionAppliesTo } from '../purchases/reflection';
import { recordExpiredCategories } from './category';
import {
  investorConsents,
  investorEvents,
  investorKnowledgeTests,
  investorLossSimulations,
  sophisticationRequests,
} from './schema';

/**
 * The investor's protections (issue 30) on PostgreSQL: each step refused before it is completed and allowed after,
 * the per-investment warning at its threshold, the expiry of the test and of the sophisticated status, the consent
 * log (append-only, read by compliance only, audited).
 */
let t: TestApp;
let compliance: Awaited<ReturnType<typeof createOperator>>;
let support: Awaited<ReturnType<typeof createOperator>>;
/** A work whose part costs exactly €5,000, and one a cent more. */
let atThreshold: { id: string };
let aboveThreshold: { id: string };
let cheap: { id: string };

type Member = Awaited<ReturnType<typeof createMember>> & { id: string };
async function newMember(options: { investorReady?: boolean; approved?: boolean } = {}): Promise<Member> {
  const created = await createMember(t, { verified: true, investorReady: false, ...options });
  return { ...created, id: (await userRow(t, created.email))?.id ?? '' };
}

const PASSING: Record<string, string> = {
  experience: 'never',
  objective: 'long_term',
  total_loss: 'all',
  illiquidity: 'if_buyer',
  deposit_guarantee: 'no',
  secondary_market: 'unsold',
  concentration: 'small',
  past_returns: 'no',
};
const FAILING = { ...PASSING, total_loss: 'none', illiquidity: 'anytime', deposit_guarantee: 'yes' };

const profile = (member: Member) => t.call('GET', '/api/user/investor', { token: member.accessToken });
const takeTest = (member: Member, answers: Record<string, string>, version = KNOWLEDGE_TEST_VERSION) =>
  t.call('POST', '/api/user/investor/knowledge-test', { token: member.accessToken, body: { version, answers } });
const simulate = (member: Member, income: number, assets = 0, commitments = 0) =>
  t.call('POST', '/api/user/investor/loss-simulation', {
    token: member.accessToken,
    body: { annual_income_minor: income, liquid_assets_minor: assets, annual_commitments_minor: commitments },
  });
const validate = (member: Member, work: { id: string }, consent?: { version: string }) =>
  t.call('POST', '/api/paintings/validate', {
    token: member.accessToken,
    body: {
      total_part: 1,
      payment_method: 'card',
      painting_id: work.id,
      owner: 'C. M.',
      currency: 'EURO',
      ...(consent ? { risk_warning_consent: consent } : {}),
    },
  });
const buyByCard = (member: Member, work: { id: string }, consent?: { version: string; language?: 'en' | 'fr' }) =>
  t.call('POST', '/api/paintings/purchase', {
    token: member.accessToken,
    body: {
      total_part: 1,
      payment_method: 'card',
      painting_id: work.id,
      owner: 'C. M.',
      currency: 'EURO',
      ...(consent ? { risk_warning_consent: consent } : {}),
    },
  });
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function expectStep(response: { statusCode: number; json: () => unknown }, step: string, key: keyof typeof messages) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ step, page: INVESTOR_PAGE, error: messages[key] });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  compliance = await createOperator(t, 'compliance');
  support = await createOperator(t, 'support');
  atThreshold = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 500_000 });
  aboveThreshold = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 500_001 });
  cheap = await createPaintingForSale(t, { widthCm: 4, heightCm: 4, pricePerPartMinor: 400 });
});
afterAll(() => t.close());

describe('the onboarding: each step refused before it is done, allowed after', () => {
  it('a verified member without a test, then with a failed test, then without a simulation is refused, then buys', async () => {
    const member = await newMember();
    const before = (await profile(member)).json().data;
    expect(before).toMatchObject({
      category: 'non_sophisticated',
      knowledge_test: null,
      loss_simulation: null,
      missing: ['investor_knowledge_test', 'investor_loss_simulation'],
      ready: false,
      current_test_version: KNOWLEDGE_TEST_VERSION,
    });
    expectStep(await buyByCard(member, cheap), 'investor_knowledge_test', 'InvestorKnowledgeTestRequired');
    expectStep(await validate(member, cheap), 'investor_knowledge_test', 'InvestorKnowledgeTestRequired');

    // An outdated questionnaire and an incomplete answer are refused; the score is the server's.
    expect((await takeTest(member, PASSING, 'kt-1999')).statusCode).toBe(409);
    const { total_loss: _skipped, ...incomplete } = PASSING;
    expect((await takeTest(member, incomplete)).statusCode).toBe(400);
    const failed = await takeTest(member, FAILING);
    expect(failed.statusCode).toBe(200);
    expect(failed.json().message).toEqual(messages.KnowledgeTestFailed);
    expect(failed.json().data.knowledge_test).toMatchObject({ passed: false, score: 3, max_score: 6 });
    expect(failed.json().data.missing).toEqual(['investor_risk_warning', 'investor_loss_simulation']);
    const [kept] = await t.ctx.database.db
      .select()
      .from(investorKnowledgeTests)
      .where(eq(investorKnowledgeTests.userId, member.id));
    expect(kept).toMatchObject({ version: KNOWLEDGE_TEST_VERSION, answers: FAILING, score: 3, passed: false });
    expectStep(await buyByCard(member, cheap), 'investor_risk_warning', 'InvestorRiskWarningRequired');

    // The risk warning: the current version only, recorded once with the hash of the text in the language shown.
    const stale = await t.call('POST', '/api/user/investor/risk-warning', {
      token: member.accessToken,
      body: { version: 'rw-old' },
    });
    expect(stale.statusCode).toBe(409);
    const warning = INVESTOR_WARNINGS.knowledge_test_risk_warning;
    const acknowledged = await t.call('POST', '/api/user/investor/risk-warning', {
      token: member.accessToken,
      body: { version: warning.version, language: 'fr' },
    });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().data.knowledge_test.warning_acknowledged).toBe(true);
    const consents = await t.ctx.database.db
      .select()
      .from(investorConsents)
      .where(eq(investorConsents.userId, member.id));
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      kind: 'knowledge_test_risk_warning',
      textVersion: warning.version,
      textHash: sha256(warning.fr),
      language: 'fr',
      reference: kept?.id,
    });
    expect(consents[0]?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expectStep(await buyByCard(member, cheap), 'investor_loss_simulation', 'InvestorLossSimulationRequired');

    // The simulation: net worth and the 10 % shown back; kept as a new row each time.
    expect((await simulate(member, -1)).statusCode).toBe(400);
    const simulated = await simulate(member, 4_000_000, 7_000_000, 1_000_000);
    expect(simulated.json().data.loss_simulation).toMatchObject({
      net_worth_minor: 10_000_000,
      loss_capacity_minor: 1_000_000,
    });
    expect(simulated.json().data).toMatchObject({
      missing: [],
      ready: true,
      investment_warning_threshold_minor: 500_000,
    });
    expect((await buyByCard(member, cheap)).statusCode).toBe(200);
    await simulate(member, 5_000_000);
    const rows = await t.ctx.database.db
      .select()
      .from(investorLossSimulations)
      .where(eq(investorLossSimulations.userId, member.id));
    expect(rows).toHaveLength(2);
  });

  it('a passed test needs no warning; the bid and the accepted ask are gated too, selling is not', async () => {
    const member = await newMember();
    const bid = await t.call('POST', '/api/paintings/bids', {
      token: member.accessToken,
      body: { painting_id: cheap.id, total_part: 1, price_per_part_minor: 400, expires_in_days: 7 },
    });
    expectStep(bid, 'investor_knowledge_test', 'InvestorKnowledgeTestRequired');
    const accept = await t.call('POST', '/api/paintings/sale/LS-NOPE/accept', {
      token: member.accessToken,
      body: { total_part: 1 },
    });
    expectStep(accept, 'investor_knowledge_test', 'InvestorKnowledgeTestRequired');
    // Selling is never held back (decision 304): the listing goes on to the market's own checks.
    const ask = await t.call('POST', '/api/paintings/sale', {
      token: member.accessToken,
      body: { painting_id: cheap.id, total_part: 1 },
    });
    expect(ask.json().step).toBeUndefined();
    const passed = await takeTest(member, PASSING);
    expect(passed.json().message).toEqual(messages.KnowledgeTestPassed);
    expect(passed.json().data.missing).toEqual(['investor_loss_simulation']);
    const warned = await t.call('POST', '/api/user/investor/risk-warning', {
      token: member.accessToken,
      body: { version: INVESTOR_WARNINGS.knowledge_test_risk_warning.version },
    });
    expect(warned.statusCode).toBe(409);
    expect(warned.json().error).toEqual(messages.WarningNotApplicable);
  });

  it('a test older than two years is refused until it is taken again', async () => {
    const member = await newMember();
    const longAgo = new Date();
    longAgo.setUTCMonth(longAgo.getUTCMonth() - 25);
    await t.ctx.database.db.insert(investorKnowledgeTests).values({
      userId: member.id,
      version: KNOWLEDGE_TEST_VERSION,
      language: 'en',
      answers: PASSING,
      score: 6,
      maxScore: 6,
      passed: true,
      createdAt: longAgo,
    });
    await simulate(member, 10_000_000);
    const data = (await profile(member)).json().data;
    expect(data.knowledge_test).toMatchObject({ passed: true, expired: true });
    expectStep(await buyByCard(member, cheap), 'investor_knowledge_test', 'InvestorKnowledgeTestExpired');
    await takeTest(member, PASSING);
    expect((await buyByCard(member, cheap)).statusCode).toBe(200);
  });
});

describe('the per-investment warning', () => {
  let member: Member;
  beforeAll(async () => {
    member = await newMember();
    await takeTest(member, PASSING);
    // Net worth €100,000: the threshold is max(€1,000, 5 %) = €5,000.
    await simulate(member, 10_000_000);
  });

  it('is not asked at the threshold and asked a cent above it', async () => {
    const at = await t.call('GET', '/api/user/investor/investment-warning?amount_minor=500000&currency=EURO', {
      token: member.accessToken,
    });
    expect(at.json().data).toMatchObject({ required: false, threshold_minor: 500_000, currency: 'EURO' });
    const above = await t.call('GET', '/api/user/investor/investment-warning?amount_minor=500001&currency=EURO', {
      token: member.accessToken,
    });
    expect(above.json().data.required).toBe(true);
    expect((await validate(member, atThreshold)).statusCode).toBe(200);
    expectStep(await validate(member, aboveThreshold), 'investment_warning', 'InvestmentWarningRequired');
    const version = INVESTOR_WARNINGS.investment_warning.version;
    expect((await validate(member, aboveThreshold, { version })).statusCode).toBe(200);
    // Validating records nothing.
    const none = await t.ctx.database.db.select().from(investorConsents).where(eq(investorConsents.userId, member.id));
    expect(none).toEqual([]);
  });

  it('is refused without consent or with an old version, and recorded with the purchase each time', async () => {
    expectStep(await buyByCard(member, aboveThreshold), 'investment_warning', 'InvestmentWarningRequired');
    expectStep(
      await buyByCard(member, aboveThreshold, { version: 'rw-inv-old' }),
      'investment_warning',
      'WarningOutdated',
    );
    const warning = INVESTOR_WARNINGS.investment_warning;
    const bought = await buyByCard(member, aboveThreshold, { version: warning.version });
    expect(bought.statusCode).toBe(200);
    const reference = bought.json().data.reference_id;
    const [consent] = await t.ctx.database.db
      .select()
      .from(investorConsents)
      .where(and(eq(investorConsents.userId, member.id), eq(investorConsents.kind, 'investment_warning')));
    expect(consent).toMatchObject({
      textVersion: warning.version,
      textHash: sha256(warning.en),
      language: 'en',
      reference,
      amountMinor: 500_001,
      currency: 'EURO',
    });
    // At the threshold, nothing is asked and nothing recorded.
    expect((await buyByCard(member, atThreshold)).statusCode).toBe(200);
    const all = await t.ctx.database.db.select().from(investorConsents).where(eq(investorConsents.userId, member.id));
    expect(all).toHaveLength(1);
  });

  it('a wallet purchase above the threshold without consent is refused before the code is checked', async () => {
    await t.ctx.database.db.update(users).set({ currency: 'EURO' }).where(eq(users.id, member.id));
    await fundWallet(t, member.id, 'EURO', 600_000);
    const body = {
      ...(await walletCode(t, member.accessToken)),
      total_part: 1,
      payment_method: 'smart_amount',
      painting_id: aboveThreshold.id,
      owner: 'C. M.',
      currency: 'EURO',
    };
    expectStep(
      await t.call('POST', '/api/paintings/purchase', { token: member.accessToken, body }),
      'investment_warning',
      'InvestmentWarningRequired',
    );
    // The code was not spent: the same request with the consent goes through.
    const paid = await t.call('POST', '/api/paintings/purchase', {
      token: member.accessToken,
      body: { ...body, risk_warning_consent: { version: INVESTOR_WARNINGS.investment_warning.version } },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.status).toBe('paid');
  });
});

describe('the investor category', () => {
  it('is asked for with evidence, decided by compliance (audited), valid until it expires', async () => {
    const member = await newMember();
    const tooFew = await t.call('POST', '/api/user/investor/sophistication', {
      token: member.accessToken,
      body: { criteria: ['income_or_portfolio'], statement: 'I earn a lot and trade a lot, really.', accepted: true },
    });
    expect(tooFew.statusCode).toBe(400);
    const asked = await t.call('POST', '/api/user/investor/sophistication', {
      token: member.accessToken,
      body: {
        criteria: ['income_or_portfolio', 'market_transactions'],
        statement: 'Income of €80,000 a year; 12 trades a quarter on Euronext.',
        accepted: true,
      },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toMatchObject({ category: 'non_sophisticated', sophistication: { state: 'pending' } });
    const twice = await t.call('POST', '/api/user/investor/sophistication', {
      token: member.accessToken,
      body: {
        criteria: ['income_or_portfolio', 'market_transactions'],
        statement: 'Income of €80,000 a year; 12 trades a quarter on Euronext.',
        accepted: true,
      },
    });
    expect(twice.statusCode).toBe(409);
    const requestId: string = asked.json().data.sophistication.id;

    // Support may not decide; compliance may; a rejection needs a reason.
    const bySupport = await t.call('POST', `/api/admin/investor/sophistication-requests/${requestId}/decide`, {
      token: support.accessToken,
      body: { decision: 'approve' },
    });
    expect(bySupport.statusCode).toBe(403);
    const queue = await t.call('GET', '/api/admin/investor/sophistication-requests?state=pending', {
      token: compliance.accessToken,
    });
    expect(queue.json().data.items.map((item: { id: string }) => item.id)).toContain(requestId);
    const noReason = await t.call('POST', `/api/admin/investor/sophistication-requests/${requestId}/decide`, {
      token: compliance.accessToken,
      body: { decision: 'reject' },
    });
    expect(noReason.statusCode).toBe(400);
    const approved = await t.call('POST', `/api/admin/investor/sophistication-requests/${requestId}/decide`, {
      token: compliance.accessToken,
      body: { decision: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    const again = await t.call('POST', `/api/admin/investor/sophistication-requests/${requestId}/decide`, {
      token: compliance.accessToken,
      body: { decision: 'reject', reason: 'late' },
    });
    expect(again.statusCode).toBe(409);
    const audited = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'investor_category.approve'), eq(auditLog.targetId, member.id)));
    expect(audited).toHaveLength(1);

    // The reflection period follows the category at the purchase (decision 313).
    expect(await reflectionAppliesTo(t.ctx.database.db, member.id, new Date())).toBe(false);
    expect(await reflectionAppliesTo(t.ctx.database.db, member.id, new Date(Date.now() - 3_600_000))).toBe(true);
    // Sophisticated: no test, no simulation, no per-investment warning.
    const data = (await profile(member)).json().data;
    expect(data).toMatchObject({ category: 'sophisticated', missing: [], investment_warning_threshold_minor: null });
    expect((await buyByCard(member, aboveThreshold)).statusCode).toBe(200);

    // Expired (valid_until passed): non-sophisticated at once, the job records it once.
    await t.ctx.database.db
      .update(sophisticationRequests)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(sophisticationRequests.id, requestId));
    const after = (await profile(member)).json().data;
    expect(after).toMatchObject({
      category: 'non_sophisticated',
      missing: ['investor_knowledge_test', 'investor_loss_simulation'],
    });
    expectStep(await buyByCard(member, cheap), 'investor_knowledge_test', 'InvestorKnowledgeTestRequired');
    expect(await recordExpiredCategories(t.ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await recordExpiredCategories(t.ctx.database.db)).toBe(0);
    const events = await t.ctx.database.db
      .select({ kind: investorEvents.kind })
      .from(investorEvents)
      .where(eq(investorEvents.userId, member.id));
    expect(events.map((event) => event.kind).sort()).toEqual([
      'category_approved',
      'category_expired',
      'category_requested',
    ]);
  });
});

describe('the consent log', () => {
  it('refuses updates and deletes, and is read by compliance only, each read audited', async () => {
    const member = await newMember();
    await takeTest(member, FAILING);
    await t.call('POST', '/api/user/investor/risk-warning', {
      token: member.accessToken,
      body: { version: INVESTOR_WARNINGS.knowledge_test_risk_warning.version },
    });
    const db = t.ctx.database.db;
    await expect(
      db.update(investorConsents).set({ textVersion: 'forged' }).where(eq(investorConsents.userId, member.id)),
    ).rejects.toThrow();
    await expect(db.delete(investorConsents).where(eq(investorConsents.userId, member.id))).rejects.toThrow();
    await expect(
      db.delete(investorKnowledgeTests).where(eq(investorKnowledgeTests.userId, member.id)),
    ).rejects.toThrow();
    await expect(
      db.update(investorKnowledgeTests).set({ passed: true }).where(eq(investorKnowledgeTests.userId, member.id)),
    ).rejects.toThrow();

    const bySupport = await t.call('GET', `/api/admin/investor/members/${member.id}/consents`, {
      token: support.accessToken,
    });
    expect(bySupport.statusCode).toBe(403);
    const read = await t.call('GET', `/api/admin/investor/members/${member.id}/consents`, {
      token: compliance.accessToken,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.items).toEqual([
      expect.objectContaining({
        kind: 'knowledge_test_risk_warning',
        text_hash: sha256(INVESTOR_WARNINGS.knowledge_test_risk_warning.en),
        language: 'en',
      }),
    ]);
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'investor_consents.view'), eq(auditLog.targetId, member.id)));
    expect(audited).toHaveLength(1);
  });

  it('lists the key information documents the member acknowledged beside the warnings, with their hash', async () => {
    const member = await newMember();
    const painting = await createPaintingForSale(t, { widthCm: 2, heightCm: 2 });
    await acknowledgeKeyInformation(t, member, painting.id, 'fr');
    const read = await t.call('GET', `/api/admin/investor/members/${member.id}/consents`, {
      token: compliance.accessToken,
    });
    expect(read.statusCode).toBe(200);
    const [entry] = read.json().data.items;
    expect(entry).toMatchObject({
      kind: 'key_information',
      text_version: 'v1',
      language: 'fr',
      reference: painting.id,
    });
    expect(entry.text_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

it('the questionnaire asks about experience, objectives, total loss, illiquidity, deposit guarantee and the market', () => {
  expect(KNOWLEDGE_QUESTIONS.map((q) => q.id)).toEqual(
    expect.arrayContaining([
      'experience',
      'objective',
      'total_loss',
      'illiquidity',
      'deposit_guarantee',
      'secondary_market',
    ]),
  );
});
