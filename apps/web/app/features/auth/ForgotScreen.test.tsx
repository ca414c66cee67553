// @vitest-environment jsdom
import { messages } from '@parcelle/shared/i18n/messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { altchaChallengeData, isSolvedCaptcha } from '../captcha/testing';
import { failed, ok, stubApi } from '../content/testing';
import { ForgotScreen } from './ForgotScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('forgot password (spec §2)', () => {
  it('sends the email with the captcha the page solved', async () => {
    const fetch = stubApi({
      '/api/captcha/challenge': ok(await altchaChallengeData()),
      '/api/auth/forgotpwd': ok(null, messages.ForgotPasswordSent),
    });
    renderScreen(<ForgotScreen />, '/forgot');
    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: 'Ada@Example.com' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/api/auth/forgotpwd')).toBe(true));
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/auth/forgotpwd') ?? [];
    const { captcha, ...body } = JSON.parse(String(init?.body));
    expect(body).toEqual({ email: 'ada@example.com' });
    expect(await isSolvedCaptcha(captcha)).toBe(true);
  });

  it('shows the server’s refusal of the captcha', async () => {
    stubApi({
      '/api/captcha/challenge': ok(await altchaChallengeData()),
      '/api/auth/forgotpwd': failed(400, messages.CaptchaFailed),
    });
    renderScreen(<ForgotScreen />, '/forgot');
    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe(messages.CaptchaFailed.en);
  });
});
