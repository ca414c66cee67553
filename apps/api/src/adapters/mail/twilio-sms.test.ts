import { afterEach, describe, expect, it } from 'vitest';
import { type StubAnswer, type StubRequest, startHttpStub } from '../../../test/http-stub';
import { SmsDeliveryError } from './mailer';
import { TwilioSms } from './twilio-sms';

/** The Twilio adapter against a local stub playing Twilio's Messages API. */
let stub: Awaited<ReturnType<typeof startHttpStub>> | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

async function twilioWith(
  answer: (request: StubRequest) => StubAnswer,
  options: { from?: string; timeoutMs?: number } = {},
) {
  stub = await startHttpStub(answer);
  return new TwilioSms(
    {
      accountSid: 'AC0123456789abcdef',
      authToken: 'secret-token',
      from: options.from ?? '+15005550006',
      apiUrl: stub.url,
    },
    { timeoutMs: options.timeoutMs ?? 2_000 },
  );
}

const sms = { to: '+33612345678', text: 'Parcelle: your code to pay from your account is 123456.' };

async function failureOf(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  return error as SmsDeliveryError;
}

describe('TwilioSms', () => {
  it('posts the message form-encoded to the account’s Messages resource with basic auth', async () => {
    const twilio = await twilioWith(() => ({ status: 201, json: { sid: 'SM1', status: 'queued' } }));
    await twilio.sendSms(sms);
    expect(stub?.requests).toHaveLength(1);
    const sent = stub?.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789abcdef:secret-token').toString('base64')}`,
    );
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(sent?.body);
    expect(Object.fromEntries(form)).toEqual({ To: sms.to, From: '+15005550006', Body: sms.text });
  });

  it('sends through a Messaging Service when TWILIO_FROM is its SID', async () => {
    const service = `MG${'a'.repeat(32)}`;
    const twilio = await twilioWith(() => ({ status: 201, json: { sid: 'SM2' } }), { from: service });
    await twilio.sendSms(sms);
    const form = new URLSearchParams(stub?.requests[0]?.body);
    expect(form.get('MessagingServiceSid')).toBe(service);
    expect(form.has('From')).toBe(false);
  });

  it('reports a refusal (400, 21211 invalid number) without the number or the text', async () => {
    const twilio = await twilioWith(() => ({
      status: 400,
      json: {
        code: 21211,
        message: "The 'To' number +33612345678 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    }));
    const error = await failureOf(twilio.sendSms(sms));
    expect(error).toMatchObject({ kind: 'rejected', httpStatus: 400, providerCode: 21211 });
    expect(error.message).not.toContain('612345678');
    expect(error.message).not.toContain('123456');
  });

  it('reports a server error (500), a rate limit (429) and a timeout as unavailable', async () => {
    const failing = await twilioWith(() => ({ status: 500, json: { code: 20500, message: 'Internal Server Error' } }));
    expect(await failureOf(failing.sendSms(sms))).toMatchObject({ kind: 'unavailable', httpStatus: 500 });
    await stub?.close();
    const limited = await twilioWith(() => ({ status: 429, json: { code: 20429 } }));
    expect(await failureOf(limited.sendSms(sms))).toMatchObject({ kind: 'unavailable', providerCode: 20429 });
    await stub?.close();
    const slow = await twilioWith(() => ({ status: 201, json: {}, delayMs: 500 }), { timeoutMs: 50 });
    expect(await failureOf(slow.sendSms(sms))).toMatchObject({ kind: 'unavailable', httpStatus: null });
  });
});
