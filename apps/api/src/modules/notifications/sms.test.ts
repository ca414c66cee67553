import { messages } from '@parcelle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createMember, fundWallet, giveBankAccount, userRow } from '../../../test/factories';
import { type StubAnswer, startHttpStub } from '../../../test/http-stub';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TwilioSms } from '../../adapters/mail/twilio-sms';
import { checkInvariants } from '../ledger/invariants';
import { codeSms } from './sms';

/**
 * Codes by SMS through Twilio (a local stub plays it): the message names what the code is for, and when Twilio does
 * not take the message the member is told so, in both languages, and the code is withdrawn.
 */
let t: TestApp;
let stub: Awaited<ReturnType<typeof startHttpStub>>;
let next: StubAnswer = { status: 201, json: { sid: 'SM1', status: 'queued' } };

beforeAll(async () => {
  stub = await startHttpStub(() => next);
  t = await createTestApp({
    sms: { twilio: { accountSid: 'ACtest', authToken: 'token', from: '+15005550006', apiUrl: stub.url } },
  });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});
afterEach(async () => {
  next = { status: 201, json: { sid: 'SM1', status: 'queued' } };
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

let phoneSequence = 650000000;
async function memberWithMoney(lang: 'en' | 'fr', amountMinor: number) {
  phoneSequence += 1;
  const member = await createMember(t, { verified: true, overrides: { number: String(phoneSequence), lang } });
  const id = (await userRow(t, member.email))?.id ?? '';
  await fundWallet(t, id, 'EURO', amountMinor);
  await giveBankAccount(t, id);
  return { ...member, id, phone: `+33${phoneSequence}` };
}

/** The last SMS Twilio was asked to send. */
function lastSms() {
  const form = new URLSearchParams(stub.requests.at(-1)?.body);
  return { to: form.get('To'), body: form.get('Body') ?? '' };
}

describe('the withdrawal code by SMS', () => {
  it('is sent through Twilio, names the amount in English, and confirms that amount only', async () => {
    expect(t.ctx.sms).toBeInstanceOf(TwilioSms);
    const member = await memberWithMoney('en', 200_000);
    const sent = await t.call('POST', '/api/member/withdrawal/code', {
      token: member.accessToken,
      body: { amount: 1234.5 },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toEqual(messages.OtpSentToPhone);
    const sms = lastSms();
    expect(sms.to).toBe(member.phone);
    const code = codeIn(sms.body);
    expect(sms.body).toBe(`Parcelle: your code to withdraw €1,234.50 is ${code}. It expires in 15 minutes.`);

    const body = { payment_method: 'bank', account: 'saved', verification_code: code };
    const other = await t.call('POST', '/api/member/withdrawal/store', {
      token: member.accessToken,
      body: { ...body, amount: 1500 },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toEqual(messages.CodeInvalid);
    const named = await t.call('POST', '/api/member/withdrawal/store', {
      token: member.accessToken,
      body: { ...body, amount: 1234.5 },
    });
    expect(named.statusCode).toBe(200);
  });

  it('names the amount in French, formatted for French', async () => {
    const member = await memberWithMoney('fr', 200_000);
    await t.call('POST', '/api/member/withdrawal/code', { token: member.accessToken, body: { amount: 1234.5 } });
    const { body } = lastSms();
    expect(body).toBe(
      `Parcelle\u00a0: votre code pour retirer 1\u202f234,50\u00a0€ est ${codeIn(body)}. Il expire dans 15 minutes.`,
    );
  });

  it('refuses an amount above the balance before sending anything', async () => {
    const member = await memberWithMoney('en', 1_000);
    const before = stub.requests.length;
    const sent = await t.call('POST', '/api/member/withdrawal/code', {
      token: member.accessToken,
      body: { amount: 50 },
    });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error).toEqual(messages.InsufficientBalance);
    expect(stub.requests.length).toBe(before);
  });

  it('answers 400 in both languages when Twilio refuses the number, and the code is withdrawn', async () => {
    const member = await memberWithMoney('en', 10_000);
    next = { status: 400, json: { code: 21211, message: "The 'To' number is not a valid phone number." } };
    const sent = await t.call('POST', '/api/member/withdrawal/code', {
      token: member.accessToken,
      body: { amount: 20 },
    });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error).toEqual(messages.SmsNotSent);
    expect(messages.SmsNotSent.fr).toBe(
      'Nous n’avons pas pu envoyer de SMS à ce numéro. Vérifiez-le ou réessayez plus tard.',
    );
    // The undelivered code cannot be used (it was never seen, but it must not stay live either).
    const code = codeIn(lastSms().body);
    const check = await t.call('POST', '/api/member/withdrawal/verify-code', {
      token: member.accessToken,
      body: { verification_code: code },
    });
    expect(check.statusCode).toBe(400);
    expect(check.json().error).toEqual(messages.CodeInvalid);
  });

  it('answers 502 when Twilio fails', async () => {
    const member = await memberWithMoney('en', 10_000);
    next = { status: 500, json: { code: 20500 } };
    const sent = await t.call('POST', '/api/member/withdrawal/code', {
      token: member.accessToken,
      body: { amount: 20 },
    });
    expect(sent.statusCode).toBe(502);
    expect(sent.json().error).toEqual(messages.SmsNotSent);
  });
});

describe('the wallet-purchase code by SMS', () => {
  it('says the code went to the phone, in both languages', async () => {
    const member = await memberWithMoney('en', 1_000);
    const sent = await t.call('POST', '/api/paintings/purchase/code', { token: member.accessToken });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ sent_to: 'phone' });
    expect(sent.json().message).toEqual(messages.OtpSentToPhone);
    expect(sent.json().message).toEqual({
      en: 'A code has been sent to your phone number.',
      fr: 'Un code a été envoyé à votre numéro de téléphone.',
    });
    expect(lastSms().body).toBe(
      `Parcelle: your code to pay from your account is ${codeIn(lastSms().body)}. It expires in 15 minutes.`,
    );
  });

  it('answers 502 and does not pretend the code was sent when Twilio cannot be reached', async () => {
    const member = await memberWithMoney('fr', 1_000);
    next = { status: 503, json: {} };
    const sent = await t.call('POST', '/api/paintings/purchase/code', { token: member.accessToken });
    expect(sent.statusCode).toBe(502);
    expect(sent.json().error).toEqual(messages.SmsNotSent);
  });
});

describe('codeSms', () => {
  it('names every purpose in both languages', () => {
    expect(codeSms('en', 'withdrawal', '123456')).toBe(
      'Parcelle: your code to confirm your withdrawal is 123456. It expires in 15 minutes.',
    );
    expect(codeSms('fr', 'withdrawal', '123456', { amount: '12,50\u00a0€' })).toBe(
      'Parcelle\u00a0: votre code pour retirer 12,50\u00a0€ est 123456. Il expire dans 15 minutes.',
    );
    expect(codeSms('en', 'phone_verification', '123456')).toContain('confirm your number');
  });
});
