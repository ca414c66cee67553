// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { altchaChallengeData, isSolvedCaptcha } from '../captcha/testing';
import { failed, ok, stubApi } from '../content/testing';
import { i18n } from '../i18n/i18n';
import { resetConfirmations } from './api';
import { NewsletterConfirmScreen } from './NewsletterConfirmScreen';
import { NewsletterSignup } from './NewsletterSignup';
import { NewsletterUnsubscribeScreen } from './NewsletterUnsubscribeScreen';

const TOKEN = 'a'.repeat(43);
const CONFIRMED = { en: 'Your subscription is confirmed', fr: 'Votre inscription est confirmée' };
const INVALID = {
  en: 'This link is invalid or has already been used.',
  fr: 'Ce lien est invalide ou a déjà été utilisé.',
};

beforeEach(resetConfirmations);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const state = (testId: string) => screen.getByTestId(testId).getAttribute('data-state');

describe('newsletter confirmation page', () => {
  it('confirms once on load and shows the server message', async () => {
    const fetch = stubApi({ '/api/newsletter/confirm': ok(null, CONFIRMED) });
    renderScreen(<NewsletterConfirmScreen />, `/newsletter/confirm?token=${TOKEN}`);
    expect(state('newsletter-confirm-screen')).toBe('pending');
    await waitFor(() => expect(state('newsletter-confirm-screen')).toBe('done'));
    expect(screen.getByTestId('newsletter-confirm-message').textContent).toBe('Your subscription is confirmed');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/newsletter/confirm?token=${TOKEN}`);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('calls the API only once even when the page is shown again with the same token', async () => {
    const fetch = stubApi({ '/api/newsletter/confirm': ok(null, CONFIRMED) });
    renderScreen(<NewsletterConfirmScreen />, `/newsletter/confirm?token=${TOKEN}`);
    await waitFor(() => expect(state('newsletter-confirm-screen')).toBe('done'));
    cleanup();
    renderScreen(<NewsletterConfirmScreen />, `/newsletter/confirm?token=${TOKEN}`);
    await waitFor(() => expect(state('newsletter-confirm-screen')).toBe('done'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows the server error in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi({ '/api/newsletter/confirm': failed(400, INVALID) });
    renderScreen(<NewsletterConfirmScreen />, `/newsletter/confirm?token=${TOKEN}`);
    await waitFor(() => expect(state('newsletter-confirm-screen')).toBe('failed'));
    expect(screen.getByTestId('newsletter-confirm-message').textContent).toBe(INVALID.fr);
  });

  it('without a token: the invalid-link message, and no call', () => {
    const fetch = stubApi({});
    renderScreen(<NewsletterConfirmScreen />, '/newsletter/confirm');
    expect(state('newsletter-confirm-screen')).toBe('failed');
    expect(screen.getByTestId('newsletter-confirm-message').textContent).toBe(INVALID.en);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('newsletter unsubscribe page', () => {
  it('does nothing before the visitor confirms, then posts the token and shows the done state', async () => {
    const fetch = stubApi({
      '/api/newsletter/unsubscribe': ok(null, {
        en: 'You have been unsubscribed',
        fr: 'Votre désinscription est effective',
      }),
    });
    renderScreen(<NewsletterUnsubscribeScreen />, `/newsletter/unsubscribe?token=${TOKEN}`);
    expect(state('newsletter-unsubscribe-screen')).toBe('idle');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('newsletter-unsubscribe-submit'));
    await waitFor(() => expect(state('newsletter-unsubscribe-screen')).toBe('done'));
    expect(screen.getByTestId('newsletter-unsubscribe-message').textContent).toBe('You have been unsubscribed');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/newsletter/unsubscribe');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
    expect(screen.queryByTestId('newsletter-unsubscribe-submit')).toBeNull();
  });

  it('shows the server error when the token is refused', async () => {
    stubApi({ '/api/newsletter/unsubscribe': failed(400, INVALID) });
    renderScreen(<NewsletterUnsubscribeScreen />, `/newsletter/unsubscribe?token=${TOKEN}`);
    fireEvent.click(screen.getByTestId('newsletter-unsubscribe-submit'));
    await waitFor(() => expect(state('newsletter-unsubscribe-screen')).toBe('failed'));
    expect(screen.getByTestId('newsletter-unsubscribe-message').textContent).toBe(INVALID.en);
  });
});

describe('newsletter sign-up', () => {
  it('posts the email, the language and the captcha the page solved, and shows the answer', async () => {
    const sent = { en: 'Check your inbox to confirm', fr: 'Consultez votre boîte pour confirmer' };
    const fetch = stubApi({
      '/api/captcha/challenge': ok(await altchaChallengeData()),
      '/api/newsletter/subscribe': ok(null, sent),
    });
    renderScreen(<NewsletterSignup />);
    fireEvent.change(screen.getByTestId('newsletter-email'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByTestId('newsletter-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe(sent.en);
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/newsletter/subscribe') ?? [];
    const { captcha, ...body } = JSON.parse(String(init?.body));
    expect(body).toEqual({ email: 'reader@example.com', lang: 'en' });
    expect(await isSolvedCaptcha(captcha)).toBe(true);
  });
});
