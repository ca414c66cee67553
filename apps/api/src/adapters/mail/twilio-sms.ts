import { type OutgoingSms, SmsDeliveryError, type SmsSender } from './mailer';

export type TwilioConfig = { accountSid: string; authToken: string; from: string; apiUrl: string };

/**
 * SMS through Twilio's Programmable Messaging REST API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded, HTTP basic auth with the account SID and auth token), called with `fetch`: one request, so the
 * official `twilio` package (and its dependencies) is not needed. `TWILIO_FROM` is a sender number in E.164, an
 * alphanumeric sender id, or a Messaging Service SID (MG…), sent as MessagingServiceSid.
 * Twilio answers 201 when it has queued the message; a 4xx is a refusal of this message (21211 invalid number,
 * 21614 not a mobile, 21610 opted out…), a 5xx, a 429 or no answer within `timeoutMs` means try again later.
 */
export class TwilioSms implements SmsSender {
  constructor(
    private readonly config: TwilioConfig,
    private readonly options: { timeoutMs?: number; fetcher?: typeof fetch } = {},
  ) {}

  async sendSms(sms: OutgoingSms): Promise<void> {
    const { accountSid, authToken, from, apiUrl } = this.config;
    const form = new URLSearchParams({ To: sms.to, Body: sms.text });
    form.set(/^MG[0-9a-f]{32}$/i.test(from) ? 'MessagingServiceSid' : 'From', from);
    let response: Response;
    try {
      response = await (this.options.fetcher ?? fetch)(
        `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        },
      );
    } catch {
      // Network failure or timeout: whether Twilio queued it is unknown, so the member is asked to try again.
      throw new SmsDeliveryError('unavailable', null, null);
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    // Twilio's error body: { code, message, more_info, status }. Only the code is kept (the message names the number).
    const body = (await response.json().catch(() => ({}))) as { code?: unknown };
    const code = typeof body.code === 'number' ? body.code : null;
    const rejected = response.status >= 400 && response.status < 500 && response.status !== 429;
    throw new SmsDeliveryError(rejected ? 'rejected' : 'unavailable', response.status, code);
  }
}
