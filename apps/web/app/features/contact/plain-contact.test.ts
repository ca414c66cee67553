import { messages } from '@parcelle/shared/i18n/messages';
import { describe, expect, it, vi } from 'vitest';
import { HONEYPOT_FIELD } from '../newsletter/plain-signup';
import { type PlainContactServer, plainContactForm, plainContactStep } from './plain-contact';

const FILLED = {
  first_name: 'Camille',
  last_name: 'Claudel',
  email: 'camille@example.com',
  phone: '+33 6 12 34 56 78',
  object: 'A visit',
  message: 'I would like to see the works.\nOn a Tuesday.',
  consent: 'on',
  privacy: 'on',
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function server(answer: { status: number; body: unknown } = { status: 200, body: null }) {
  let issued = 0;
  return {
    post: vi.fn(async () => answer),
    formToken: vi.fn(() => `token-${++issued}`),
  } satisfies PlainContactServer;
}

const typed = { ...FILLED, consent: true, privacy: true };

describe('the contact form sent without JavaScript (decision 476)', () => {
  it('is an empty form with a token signed for the contact form', () => {
    const api = server();
    expect(plainContactForm(api)).toMatchObject({ state: 'form', token: 'token-1', issues: {} });
    expect(api.formToken).toHaveBeenCalledWith('contact');
  });

  it('sends the message with its token in place of the captcha, in the page’s language, and shows the answer', async () => {
    const api = server({ status: 200, body: { status: 200, data: null, message: messages.MessageSentSuccess } });
    const page = await plainContactStep(form({ ...FILLED, form_token: 'token-a' }), 'fr', api);
    const { consent: _c, privacy: _p, ...message } = FILLED;
    expect(api.post).toHaveBeenCalledWith('/contact/', { ...message, form_token: 'token-a' }, 'fr');
    expect(page).toEqual({ state: 'sent', message: messages.MessageSentSuccess });
  });

  it('keeps what was typed and says each field’s issue, sending nothing, the token kept', async () => {
    const api = server();
    const data = form({ ...FILLED, first_name: '  ', email: 'not an address', form_token: 'token-a' });
    data.delete('privacy');
    const page = await plainContactStep(data, 'en', api);
    expect(api.post).not.toHaveBeenCalled();
    expect(page).toMatchObject({
      state: 'form',
      token: 'token-a',
      values: { email: 'not an address', privacy: false },
    });
    if (page.state !== 'form') throw new Error('the form again');
    expect(page.values.message).toBe(FILLED.message);
    expect(page.issues.first_name).toEqual(messages.ContactFirstNameRequired);
    expect(page.issues.email?.en).toBeTruthy();
    expect(page.issues.privacy).toEqual(messages.AcceptBox);
    expect(page.issues.consent).toBeUndefined();
    expect(page.issues.last_name).toBeUndefined();
  });

  it('asks for both boxes at once when neither is ticked', async () => {
    const data = form({ ...FILLED, form_token: 'token-a' });
    data.delete('consent');
    data.delete('privacy');
    const page = await plainContactStep(data, 'en', server());
    expect(page).toMatchObject({
      issues: { consent: messages.BothBoxesRequired, privacy: messages.BothBoxesRequired },
    });
  });

  it('tells a robot that filled the hidden field what a person is told, and sends nothing', async () => {
    const api = server();
    const page = await plainContactStep(form({ ...FILLED, form_token: 'token-a', [HONEYPOT_FIELD]: 'x' }), 'en', api);
    expect(page).toEqual({ state: 'sent', message: messages.MessageSentSuccess });
    expect(api.post).not.toHaveBeenCalled();
  });

  it('puts the API’s field issue next to its field, with the same token (the API checks the body first)', async () => {
    const api = server({ status: 400, body: { status: 400, error: messages.ContactFieldTooLong, field: 'object' } });
    const page = await plainContactStep(form({ ...FILLED, form_token: 'token-a' }), 'fr', api);
    expect(page).toMatchObject({ state: 'form', token: 'token-a', issues: { object: messages.ContactFieldTooLong } });
    expect(api.formToken).not.toHaveBeenCalled();
  });

  it('keeps the token when sent too soon or too often, and gives a new one when it was spent or expired', async () => {
    const tooSoon = server({ status: 400, body: { status: 400, error: messages.FormTooSoon, field: 'form_token' } });
    expect(await plainContactStep(form({ ...FILLED, form_token: 'token-a' }), 'en', tooSoon)).toEqual({
      state: 'form',
      values: typed,
      token: 'token-a',
      issues: {},
      failure: messages.FormTooSoon,
    });
    const busy = server({ status: 429, body: { status: 429, error: messages.MessageSentError } });
    expect(await plainContactStep(form({ ...FILLED, form_token: 'token-a' }), 'en', busy)).toMatchObject({
      token: 'token-a',
    });
    const used = server({ status: 400, body: { status: 400, error: messages.CaptchaFailed, field: 'form_token' } });
    expect(await plainContactStep(form({ ...FILLED, form_token: 'token-a' }), 'en', used)).toMatchObject({
      state: 'form',
      token: 'token-1',
      failure: messages.CaptchaFailed,
      values: typed,
    });
    const down = server({ status: 502, body: null });
    expect(await plainContactStep(form({ ...FILLED, form_token: 'token-a' }), 'en', down)).toMatchObject({
      token: 'token-1',
      failure: messages.MessageSentError,
    });
  });

  it('gives a post without its token one, to be sent again, and sends nothing', async () => {
    const api = server();
    const page = await plainContactStep(form(FILLED), 'en', api);
    expect(page).toMatchObject({ state: 'form', token: 'token-1', values: typed, failure: messages.FormExpired });
    expect(api.post).not.toHaveBeenCalled();
  });
});
