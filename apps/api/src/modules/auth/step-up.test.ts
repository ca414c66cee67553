import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyByCard,
  codeIn,
  createMember,
  createOperator,
  createPaintingForSale,
  fundWallet,
  giveBankAccount,
  lastMessageTo,
  proveIdentity,
  reauthenticate,
  totpCode,
  turnOnTwoFactor,
  userRow,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { operatorTotp } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';

/**
 * Issue 26: every way money or parts leave a member needs more than the access token — the one-time code sent to
 * the member and, when their second factor is on, the app's code (auth/step-up.ts). One test per path: refused
 * without the code, refused without the app's code, done with both; a refusal moves nothing.
 */
let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  operator = await createOperator(t, 'finance');
});
afterAll(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  await t.close();
});

let phones = 640_000_000;
type Who = Awaited<ReturnType<typeof createMember>> & { id: string; phone: string; secret: string };

/** A verified member with a phone of their own, 500.00 in the EUR wallet and the second factor on. */
async function member(): Promise<Who> {
  phones += 1;
  const number = String(phones);
  const created = await createMember(t, { verified: true, overrides: { number } });
  const id = (await userRow(t, created.email))?.id ?? '';
  await fundWallet(t, id, 'EURO', 50_000);
  const secret = await turnOnTwoFactor(t, created);
  return { ...created, id, phone: `+33${number}`, secret };
}

let addresses = 0;
/** The wallet code by the real route, read from the SMS (from a new address each time: no per-IP limit here). */
async function walletCode(who: Who): Promise<string> {
  addresses += 1;
  const ip = `10.26.${Math.floor(addresses / 200)}.${addresses % 200}`;
  const sent = await t.call('POST', '/api/paintings/purchase/code', { token: who.accessToken, ip });
  expect(sent.statusCode, sent.body).toBe(200);
  return codeIn((await lastMessageTo(t, who.phone))?.text);
}

/** A fresh app code (the step of the last one is forgotten, so tests need no 30 s wait). */
async function appCode(who: Who): Promise<string> {
  await t.ctx.database.db.update(operatorTotp).set({ lastUsedStep: null }).where(eq(operatorTotp.userId, who.id));
  return totpCode(who.secret);
}

const wallet = async (who: Who) =>
  balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', who.id));

type Call = (who: Who, proof: Record<string, string>) => ReturnType<TestApp['call']>;

/**
 * The three answers of a path: no code → `missing`; the code without the app's code → TwoFactorCodeRequired (the
 * code is not used up); both → 200. Nothing moves before the last.
 */
async function expectStepUp(who: Who, call: Call, missing: keyof typeof messages) {
  const before = await wallet(who);
  const bare = await call(who, {});
  expect(bare.statusCode).toBe(400);
  expect(bare.json().error).toEqual(messages[missing]);
  const verification_code = await walletCode(who);
  const noApp = await call(who, { verification_code });
  expect(noApp.statusCode).toBe(400);
  expect(noApp.json().error).toEqual(messages.TwoFactorCodeRequired);
  const wrongApp = await call(who, { verification_code, totp_code: '000000' });
  expect(wrongApp.statusCode).toBe(400);
  expect(wrongApp.json().error).toEqual(messages.TotpCodeInvalid);
  expect(await wallet(who)).toBe(before);
  const done = await call(who, { verification_code, totp_code: await appCode(who) });
  expect(done.statusCode, done.body).toBe(200);
  // The code is spent with the action: the same request again is refused.
  const again = await call(who, { verification_code, totp_code: await appCode(who) });
  expect(again.statusCode).toBe(400);
  expect(again.json().error).toEqual(messages.CodeInvalid);
  return done;
}

describe('step-up on every way money or parts leave a member', () => {
  let seller: Who;
  let buyer: Who;
  let work: Awaited<ReturnType<typeof createPaintingForSale>>;
  beforeAll(async () => {
    [seller, buyer] = await Promise.all([member(), member()]);
    work = await createPaintingForSale(t, { widthCm: 2, heightCm: 1, pricePerPartMinor: 400 });
    const other = await createPaintingForSale(t, { widthCm: 2, heightCm: 1, pricePerPartMinor: 400 });
    await buyByCard(t, seller, work.id, 18);
    await buyByCard(t, buyer, other.id, 1);
  });

  it('an ask (POST /paintings/sale)', async () => {
    await expectStepUp(
      seller,
      (who, proof) =>
        t.call('POST', '/api/paintings/sale', {
          token: who.accessToken,
          body: { total_part: 1, painting_id: work.id, price_per_part_minor: 800, ...proof },
        }),
      'StepUpCodeRequired',
    );
  });

  it('a bid (POST /paintings/bids)', async () => {
    await expectStepUp(
      buyer,
      (who, proof) =>
        t.call('POST', '/api/paintings/bids', {
          token: who.accessToken,
          body: { total_part: 1, painting_id: work.id, price_per_part_minor: 200, ...proof },
        }),
      'StepUpCodeRequired',
    );
  });

  describe('on the bulletin board', () => {
    beforeAll(async () => {
      const set = await t.call('PATCH', '/api/admin/market-settings', {
        token: operator.accessToken,
        body: { mode: 'bulletin_board' },
      });
      expect(set.statusCode).toBe(200);
    });
    afterAll(async () => {
      await t.call('PATCH', '/api/admin/market-settings', { token: operator.accessToken, body: { mode: 'matching' } });
    });

    it('accepting an ask (POST /paintings/sale/:reference/accept)', async () => {
      const ask = await t.call('POST', '/api/paintings/sale', {
        token: seller.accessToken,
        body: {
          total_part: 2,
          painting_id: work.id,
          price_per_part_minor: 400,
          verification_code: await walletCode(seller),
          totp_code: await appCode(seller),
        },
      });
      const reference = ask.json().data.reference;
      await expectStepUp(
        buyer,
        (who, proof) =>
          t.call('POST', `/api/paintings/sale/${reference}/accept`, {
            token: who.accessToken,
            body: { total_part: 1, ...proof },
          }),
        'StepUpCodeRequired',
      );
    });

    it('accepting a bid (POST /paintings/bids/:reference/accept)', async () => {
      const bid = await t.call('POST', '/api/paintings/bids', {
        token: buyer.accessToken,
        body: {
          total_part: 2,
          painting_id: work.id,
          price_per_part_minor: 400,
          verification_code: await walletCode(buyer),
          totp_code: await appCode(buyer),
        },
      });
      const reference = bid.json().data.bid.reference;
      await expectStepUp(
        seller,
        (who, proof) =>
          t.call('POST', `/api/paintings/bids/${reference}/accept`, {
            token: who.accessToken,
            body: { total_part: 1, ...proof },
          }),
        'StepUpCodeRequired',
      );
    });
  });

  it('a wallet purchase (POST /paintings/purchase, smart_amount)', async () => {
    const primary = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const done = await expectStepUp(
      buyer,
      (who, proof) =>
        t.call('POST', '/api/paintings/purchase', {
          token: who.accessToken,
          body: {
            total_part: 1,
            payment_method: 'smart_amount',
            painting_id: primary.id,
            owner: 'A. B.',
            currency: 'EURO',
            ...proof,
          },
        }),
      'OtpRequired',
    );
    expect(done.json().data.status).toBe('paid');
  });

  it('a withdrawal (POST /member/withdrawal/store), with its own code', async () => {
    const who = await member();
    await giveBankAccount(t, who.id);
    const body = { payment_method: 'bank', account: 'FR7630006000011234567890189', amount: 10 };
    const store = (proof: Record<string, string>) =>
      t.call('POST', '/api/member/withdrawal/store', { token: who.accessToken, body: { ...body, ...proof } });
    const bare = await store({});
    expect(bare.statusCode).toBe(400);
    await t.call('POST', '/api/member/withdrawal/code', { token: who.accessToken });
    const verification_code = codeIn((await lastMessageTo(t, who.phone))?.text);
    expect((await store({ verification_code })).json().error).toEqual(messages.TwoFactorCodeRequired);
    const done = await store({ verification_code, totp_code: await appCode(who) });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('a payout change (POST /user/bank), with the code emailed to the current address', async () => {
    const who = await member();
    const save = (proof: Record<string, string>) =>
      t.call('POST', '/api/user/bank', {
        token: who.accessToken,
        body: { account_owner: 'Camille Martin', iban: 'FR7630006000011234567890189', ...proof },
      });
    await reauthenticate(t, who);
    expect((await save({})).json().error).toEqual(messages.CurrentChannelCodeRequired);
    const current_channel_code = await proveIdentity(t, who);
    expect((await save({ current_channel_code })).json().error).toEqual(messages.TwoFactorCodeRequired);
    const done = await save({ current_channel_code, totp_code: await appCode(who) });
    expect(done.statusCode, done.body).toBe(200);
    const again = await save({ current_channel_code, totp_code: await appCode(who) });
    expect(again.json().error).toEqual(messages.CodeInvalid);
  });
});
