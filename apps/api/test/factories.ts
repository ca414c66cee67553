import { randomUUID } from 'node:crypto';
import { ibanLast4, normalizeIban, type OperatorRole, type TRegisterRequest } from '@parcelle/shared';
import { MARKET } from '@parcelle/shared/market';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { listOutbox } from '../src/adapters/mail/outbox';
import { SANDBOX_CARD_OK } from '../src/adapters/payments/sandbox-card';
import type { Executor } from '../src/db/client';
import { artists, bankAccounts, paintings, users } from '../src/db/schema';
import { SEED_CATALOGUER_ID } from '../src/db/seed-valuations';
import { encryptSecret } from '../src/modules/account/secrets';
import { verifyAccessToken } from '../src/modules/auth/tokens';
import { issueCode } from '../src/modules/codes/service';
import { seedInvestorReady } from '../src/modules/investor/seed-ready';
import { draftOf, publishVersion } from '../src/modules/key-information/service';
import { accountFor, postTransaction } from '../src/modules/ledger/ledger';
import { DELIVERY_JOBS } from '../src/modules/notifications/delivery-jobs';
import { issueParts } from '../src/modules/parts/register';
import { agePastReflectionPeriod } from '../src/modules/purchases/reflection';
import { seedApprovedVerification } from '../src/modules/verification/seed-approved';
import { solvedCaptcha, type TestApp } from './test-app';

let sequence = 0;

/** A valid registration payload (first form of spec §3) with a unique email. */
export function registration(overrides: Partial<TRegisterRequest> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    first_name: 'Camille',
    last_name: 'Martin',
    email: `member${sequence}.${Date.now()}@example.com`,
    slug: 'FR',
    country_code: '+33',
    number: '612345678',
    password: 'Secret!pass1',
    password_confirmation: 'Secret!pass1',
    country: 'FR',
    birth_date: '1990-05-17',
    lang: 'en',
    device_token: 'test-device',
    device_type: 'web',
    ...overrides,
  };
}

/** The newest email or SMS sent to an address, from the outbox table (production apps have no /api/dev/outbox). */
export async function lastMessageTo(t: TestApp, to: string) {
  // Messages enqueued outside t.call (a webhook injected by hand, a service called directly) are delivered first.
  await t.ctx.jobs.drain(DELIVERY_JOBS);
  return (await listOutbox(t.ctx.database.db, to, 1))[0];
}

export function codeIn(text: string | undefined): string {
  const match = /\b(\d{6})\b/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

/**
 * Registers a member and returns their tokens and email; `verified` also confirms the email code. The member's identity
 * verification is approved (issue 29: every money path needs it, and a member who buys, sells or withdraws is one
 * whose identity was checked) unless `approved: false` — the gates' own tests and the verification journey start there.
 */
export async function createMember(
  t: TestApp,
  options: {
    verified?: boolean;
    approved?: boolean;
    /** Issue 30: members are also ready to invest (a passed test, a simulation) unless this is false. */
    investorReady?: boolean;
    overrides?: Partial<TRegisterRequest>;
  } = {},
) {
  const payload: Record<string, unknown> = { ...registration(options.overrides), captcha: await solvedCaptcha(t) };
  const response = await t.call('POST', '/api/user/register', { body: payload });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  const data = response.json<{ data: { access_token: string; refresh_token: string } }>().data;
  const email = String(payload.email);
  if (options.verified) {
    const code = codeIn((await lastMessageTo(t, email))?.text);
    const verify = await t.call('POST', '/api/user/email/verify', { body: { code }, token: data.access_token });
    if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  }
  if (options.approved !== false) {
    await approveVerification(t, (await verifyAccessToken(data.access_token, t.ctx.config)).userId, {
      investorReady: options.investorReady !== false,
    });
  } else if (options.investorReady !== false) {
    // Approved later (through the console in the tests of issue 29): ready to invest from the start.
    await makeInvestorReady(t, (await verifyAccessToken(data.access_token, t.ctx.config)).userId);
  }
  return {
    email,
    password: String(payload.password),
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
  };
}

/**
 * Approves a member's identity verification along the real path (modules/verification/seed-approved.ts) and, unless
 * `investorReady: false`, makes them ready to invest (issue 30: modules/investor/seed-ready.ts).
 */
export async function approveVerification(
  t: TestApp,
  userId: string,
  options: { investorReady?: boolean } = {},
): Promise<void> {
  await t.ctx.database.db.transaction(async (tx) => {
    await seedApprovedVerification(tx, userId);
    if (options.investorReady !== false) await seedMemberInvestorReady(tx, userId);
  });
}

/** Makes a member ready to invest along the real path (a passed knowledge test, a loss simulation). */
export async function makeInvestorReady(t: TestApp, userId: string): Promise<void> {
  await t.ctx.database.db.transaction((tx) => seedMemberInvestorReady(tx, userId));
}

async function seedMemberInvestorReady(tx: Executor, userId: string): Promise<void> {
  const [member] = await tx
    .select({ id: users.id, language: users.language, currency: users.currency })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw new Error(`no member ${userId}`);
  // A large declared net worth: the suites' purchases stay below the per-investment warning (tested on its own).
  await seedInvestorReady(tx, member, { netWorthMinor: 100_000_000_000 });
}

export async function userRow(t: TestApp, email: string) {
  const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A painting on the primary market (market 2) with its parts issued, by a seeded artist (call seedCatalogue first). */
export async function createPaintingForSale(
  t: TestApp,
  options: {
    widthCm?: number;
    heightCm?: number;
    pricePerPartMinor?: number;
    soldParts?: number;
    /** false: no key information document is published (the work then cannot be sold on the primary market). */
    keyInformation?: boolean;
  } = {},
) {
  const db = t.ctx.database.db;
  const [artist] = await db.select({ id: artists.id }).from(artists).limit(1);
  if (!artist) throw new Error('seed the catalogue first');
  const widthCm = options.widthCm ?? 2;
  const heightCm = options.heightCm ?? 1;
  const slug = `test-${randomUUID()}`;
  const [painting] = await db
    .insert(paintings)
    .values({
      slug,
      artistId: artist.id,
      titleEn: `Test work ${slug.slice(-6)}`,
      titleFr: `Œuvre test ${slug.slice(-6)}`,
      descriptionEn: 'A work made for a test.',
      descriptionFr: 'Une œuvre faite pour un test.',
      typeEn: 'Oil on canvas',
      typeFr: 'Huile sur toile',
      year: 2020,
      widthCm,
      heightCm,
      market: 2,
      pricePerPartMinor: options.pricePerPartMinor ?? 250,
      totalParts: widthCm * heightCm * 9,
      soldParts: 0,
      coverKey: 'artworks/test/cover.webp',
    })
    .returning();
  if (!painting) throw new Error('painting not created');
  await db.transaction((tx) => issueParts(tx, painting));
  if (options.keyInformation !== false) await publishKeyInformation(t, painting.id);
  return painting;
}

/**
 * Publishes the next version of a work's key information document along the service's real path (draft, then
 * publication checked against it, audited), under the seed's cataloguer account. Answers the version.
 */
export async function publishKeyInformation(t: TestApp, paintingId: string, registrationNumber = 'TEST-KID-0001') {
  const db = t.ctx.database.db;
  const draft = await draftOf(db, t.ctx.config, paintingId);
  return publishVersion(db, t.ctx.config, SEED_CATALOGUER_ID, paintingId, {
    draftHash: draft.draftHash,
    registrationNumber,
  });
}

/**
 * The member opens the work's current key information document and acknowledges it, through the API as the web app
 * does (GET the member's standing, POST the acknowledgement of that version). Answers the acknowledged version's id.
 */
export async function acknowledgeKeyInformation(
  t: TestApp,
  member: { accessToken: string },
  paintingId: string,
  language: 'en' | 'fr' = 'en',
): Promise<string> {
  const status = await t.call('GET', `/api/user/key-information/${paintingId}`, { token: member.accessToken });
  if (status.statusCode !== 200) throw new Error(`key information status failed: ${status.body}`);
  const versionId = status.json().data.version_id;
  if (!versionId) throw new Error(`no key information published for ${paintingId}`);
  const ack = await t.call('POST', `/api/user/key-information/${paintingId}/acknowledge`, {
    token: member.accessToken,
    body: { version_id: versionId, language },
  });
  if (ack.statusCode !== 200) throw new Error(`acknowledgement failed: ${ack.body}`);
  return versionId;
}

/**
 * A member buys `parts` of a work by the sandbox card and the payment settles (a sold-out primary work moves to the
 * secondary market; a secondary one takes the listings). Throws unless both steps succeed; answers the reference.
 * The purchase is then made older than its reflection period (issue 30) unless `options.provisional`.
 */
export async function buyByCard(
  t: TestApp,
  buyer: { accessToken: string },
  paintingId: string,
  parts: number,
  currency: 'EURO' | 'USD' = 'EURO',
  /**
   * Issue 30: by default the purchase is made older than its reflection period (its parts can be sold at once);
   * acknowledge: false leaves the key information document unacknowledged (a primary purchase is then refused).
   */
  options: { provisional?: boolean; acknowledge?: boolean } = {},
): Promise<string> {
  if (options.acknowledge !== false && (await isPrimary(t, paintingId))) {
    await acknowledgeKeyInformation(t, buyer, paintingId);
  }
  const purchase = await t.call('POST', '/api/paintings/purchase', {
    acknowledgeKeyInformation: options.acknowledge !== false,
    token: buyer.accessToken,
    body: { total_part: parts, payment_method: 'card', painting_id: paintingId, owner: 'Holder', currency },
  });
  if (purchase.statusCode !== 200) throw new Error(`purchase failed: ${purchase.body}`);
  const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
    token: buyer.accessToken,
    body: { client_secret: purchase.json().data.payment_client_secret, card_number: SANDBOX_CARD_OK },
  });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  if (!options.provisional) await pastReflectionPeriod(t);
  return purchase.json().data.reference_id;
}

async function isPrimary(t: TestApp, paintingId: string): Promise<boolean> {
  const [row] = await t.ctx.database.db
    .select({ market: paintings.market })
    .from(paintings)
    .where(eq(paintings.id, paintingId));
  return row?.market === MARKET.primary;
}

/** Credits a member's wallet (as a sale or dividend would) through a balanced ledger transaction. */
export async function fundWallet(t: TestApp, userId: string, currency: 'USD' | 'EURO', amountMinor: number) {
  await t.ctx.database.db.transaction(async (tx) => {
    const wallet = await accountFor(tx, 'member_wallet', currency, userId);
    const cash = await accountFor(tx, 'platform_cash', currency);
    await postTransaction(tx, {
      reference: `test-funding-${randomUUID()}`,
      description: 'test funding',
      lines: [
        { accountId: cash, amountMinor: -amountMinor, currency },
        { accountId: wallet, amountMinor, currency },
      ],
    });
  });
}

/** A TOTP code for a base32 secret, as an operator's authenticator app computes it (RFC 6238, 30 s, 6 digits). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp,
  });
}

/**
 * A verified member made an operator (role admin), as `npm run admin -- create` does, who then signs in and
 * enrols the second factor: `accessToken` is a full operator session; `totpSecret` and `recoveryCodes` sign in again.
 */
export async function createOperator(t: TestApp, operatorRole: OperatorRole = 'admin') {
  return promoteToOperator(t, await createMember(t, { verified: true }), operatorRole);
}

/**
 * Makes a member an operator (operator accounts are also member accounts: issue 26 tests an operator's own money and
 * parts), enrolling the second factor in their current session, which then may call the operator routes.
 */
export async function promoteToOperator<M extends { email: string; accessToken: string }>(
  t: TestApp,
  operator: M,
  operatorRole: OperatorRole = 'admin',
) {
  await t.ctx.database.db.update(users).set({ role: 'admin', operatorRole }).where(eq(users.email, operator.email));
  const enrol = await t.call('POST', '/api/admin/totp/enrol', { token: operator.accessToken });
  if (enrol.statusCode !== 200) throw new Error(`enrol failed: ${enrol.body}`);
  const totpSecret: string = enrol.json().data.secret;
  const confirm = await t.call('POST', '/api/admin/totp/confirm', {
    token: operator.accessToken,
    body: { code: totpCode(totpSecret) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  const recoveryCodes: string[] = confirm.json().data.recovery_codes;
  return { ...operator, operatorRole, totpSecret, recoveryCodes };
}

/** Re-enters the member's password in their session ("sudo mode", issue 12). */
export async function reauthenticate(t: TestApp, member: { accessToken: string; password: string }) {
  const response = await t.call('POST', '/api/auth/reauthenticate', {
    body: { password: member.password },
    token: member.accessToken,
  });
  if (response.statusCode !== 200) throw new Error(`reauthenticate failed: ${response.body}`);
}

/**
 * What a change of email, phone or payout details needs (issue 12): the password again, then the code emailed to the
 * current address, returned for `current_channel_code`. The member's email must be verified.
 */
export async function proveIdentity(t: TestApp, member: { accessToken: string; password: string; email: string }) {
  await reauthenticate(t, member);
  const response = await t.call('POST', '/api/user/security-code', { token: member.accessToken });
  if (response.statusCode !== 200) throw new Error(`security code failed: ${response.body}`);
  return codeIn((await lastMessageTo(t, member.email))?.text);
}

/** A bank account saved long ago (no payout hold running), as `POST /user/bank` stores it. */
export async function giveBankAccount(
  t: TestApp,
  userId: string,
  bank: { iban: string; owner?: string } = { iban: 'FR7630006000011234567890189' },
) {
  const iban = normalizeIban(bank.iban);
  await t.ctx.database.db.insert(bankAccounts).values({
    userId,
    accountOwner: bank.owner ?? 'Camille Martin',
    ibanEncrypted: encryptSecret(t.ctx.config.serverSecret, 'iban', iban, userId),
    ibanLast4: ibanLast4(iban),
  });
}

/**
 * The wallet code a member would receive from POST /paintings/purchase/code (issue 26: every bid, ask, accept and
 * wallet purchase needs it), issued directly so that a test placing many orders trips no code-sending limit. Spread
 * it into the body: `{ ...(await walletCode(t, token)), total_part: 1 }`.
 */
export async function walletCode(t: TestApp, accessToken: string): Promise<{ verification_code: string }> {
  const { userId } = await verifyAccessToken(accessToken, t.ctx.config);
  return { verification_code: await issueCode(t.ctx.database.db, t.ctx.config, { userId, purpose: 'purchase' }) };
}

/** Turns a member's second factor on as the web app does (password again, enrol, first code); answers the secret. */
export async function turnOnTwoFactor(t: TestApp, member: { accessToken: string; password: string }): Promise<string> {
  await reauthenticate(t, member);
  const enrolled = await t.call('POST', '/api/user/two-factor/enrol', { token: member.accessToken });
  if (enrolled.statusCode !== 200) throw new Error(`enrol failed: ${enrolled.body}`);
  const secret: string = enrolled.json().data.secret;
  const confirmed = await t.call('POST', '/api/user/two-factor/confirm', {
    token: member.accessToken,
    body: { code: totpCode(secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  return secret;
}

/**
 * Issue 30: parts bought on the primary market are provisional for their reflection period (4 calendar days, Paris)
 * and cannot be sold until it ends. A test whose story is "a member holds parts and sells them" makes its purchases
 * older than that: their settlement moves 9 days back (every paid primary purchase of `userId`, or of everyone).
 */
export async function pastReflectionPeriod(t: TestApp, userId?: string): Promise<void> {
  await agePastReflectionPeriod(t.ctx.database.db, userId);
}
