import { messages } from '@parcelle/shared/i18n/messages';
import { describe, expect, it, vi } from 'vitest';
import { HONEYPOT_FIELD, type PlainSignupServer, plainSignupStep } from './plain-signup';

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
  } satisfies PlainSignupServer;
}

describe('the newsletter sign-up sent without JavaScript (decision 465)', () => {
  it('asks to confirm a well-formed address with a new token, and sends nothing yet', async () => {
    const api = server();
    const step = await plainSignupStep(form({ email: ' Reader@Example.com ', back: '/about' }), 'fr', api);
    expect(step).toEqual({ step: 'confirm', email: 'reader@example.com', token: 'token-1', back: '/about' });
    expect(api.post).not.toHaveBeenCalled();
  });

  it('gives the address step back with the issue of an address that is not one', async () => {
    const api = server();
    const step = await plainSignupStep(form({ email: 'not an address', back: '/faqs' }), 'en', api);
    expect(step).toMatchObject({ step: 'address', email: 'not an address', back: '/faqs' });
    expect(step.step === 'address' && step.issue).toBeTruthy();
    expect(api.formToken).not.toHaveBeenCalled();
  });

  it('sends the confirmed address with its token in the page’s language, and shows the API’s answer', async () => {
    const api = server({ status: 200, body: { status: 200, data: null, message: messages.NewsletterConfirmSent } });
    const step = await plainSignupStep(
      form({ email: 'reader@example.com', form_token: 'token-a', back: '/' }),
      'fr',
      api,
    );
    expect(api.post).toHaveBeenCalledWith(
      '/newsletter/subscribe',
      { email: 'reader@example.com', lang: 'fr', form_token: 'token-a' },
      'fr',
    );
    expect(step).toEqual({ step: 'sent', message: messages.NewsletterConfirmSent, back: '/' });
  });

  it('tells a robot that filled the hidden field what a person is told, and sends nothing', async () => {
    const api = server();
    const fields = { email: 'reader@example.com', form_token: 'token-a', [HONEYPOT_FIELD]: 'https://spam.example' };
    const step = await plainSignupStep(form(fields), 'en', api);
    expect(step).toEqual({ step: 'sent', message: messages.NewsletterConfirmSent, back: '/' });
    expect(api.post).not.toHaveBeenCalled();
  });

  it('keeps the token when sent too soon or too often, and gives a new one when it is spent or expired', async () => {
    const tooSoon = server({ status: 400, body: { status: 400, error: messages.FormTooSoon, field: 'form_token' } });
    const fields = { email: 'reader@example.com', form_token: 'token-a' };
    expect(await plainSignupStep(form(fields), 'en', tooSoon)).toMatchObject({
      step: 'confirm',
      token: 'token-a',
      message: messages.FormTooSoon,
    });
    const limited = server({ status: 429, body: { status: 429, error: messages.TooManyRequests } });
    expect(await plainSignupStep(form(fields), 'en', limited)).toMatchObject({ token: 'token-a' });
    const spent = server({ status: 400, body: { status: 400, error: messages.CaptchaFailed, field: 'form_token' } });
    expect(await plainSignupStep(form(fields), 'en', spent)).toMatchObject({
      step: 'confirm',
      token: 'token-1',
      message: messages.CaptchaFailed,
    });
  });

  it('never sends a visitor back to another site', async () => {
    for (const back of ['https://evil.example/', '//evil.example', '/\\evil.example'])
      expect(await plainSignupStep(form({ email: 'reader@example.com', back }), 'en', server())).toMatchObject({
        back: '/',
      });
  });
});
