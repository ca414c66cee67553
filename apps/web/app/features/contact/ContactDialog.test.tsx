// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { altchaChallengeData, isSolvedCaptcha } from '../captcha/testing';
import { failed, ok, stubApi } from '../content/testing';
import { i18n } from '../i18n/i18n';
import { ContactDialog } from './ContactDialog';
import { boxIssues } from './contact-form';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const FIELDS = {
  'contact-first-name': 'Camille',
  'contact-last-name': 'Claudel',
  'contact-email': 'Camille@Example.com',
  'contact-phone': '+33 6 12 34 56 78',
  'contact-object': 'Visit of the collection',
  'contact-message': 'I would like to see the works.',
};

function fill(values: Record<string, string> = FIELDS) {
  for (const [testId, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  }
}

const errorOf = (testId: string) => screen.getByTestId(`${testId}-error`).textContent;

describe('contact form (spec §5)', () => {
  it('asks for every field with its own message, and for both boxes, in English', async () => {
    const fetch = stubApi({});
    renderScreen(<ContactDialog open onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('contact-submit'));
    await screen.findByTestId('contact-first-name-error');
    expect(errorOf('contact-first-name')).toBe('Please provide your first name');
    expect(errorOf('contact-last-name')).toBe('Please provide your last name');
    expect(errorOf('contact-email')).toBe('Please provide your email');
    expect(errorOf('contact-phone')).toBe('Please provide your phone number');
    expect(errorOf('contact-object')).toBe('Please provide the object of the message');
    expect(errorOf('contact-message')).toBe('Please provide your message');
    expect(screen.getByTestId('contact-boxes-error').textContent).toBe('These two fields are required.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the messages in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi({});
    renderScreen(<ContactDialog open onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('contact-submit'));
    await screen.findByTestId('contact-first-name-error');
    expect(errorOf('contact-first-name')).toBe('Veuillez indiquer votre prénom');
    expect(errorOf('contact-last-name')).toBe('Veuillez indiquer votre nom');
    expect(errorOf('contact-email')).toBe('Veuillez indiquer votre e-mail');
    expect(errorOf('contact-phone')).toBe('Veuillez indiquer votre numéro de téléphone');
    expect(errorOf('contact-object')).toBe("Veuillez indiquer l'objet du message");
    expect(errorOf('contact-message')).toBe('Veuillez saisir votre message');
    expect(screen.getByTestId('contact-boxes-error').textContent).toBe('Ces deux champs sont obligatoires.');
  });

  it('refuses blank text, a bad email and a single ticked box', async () => {
    stubApi({});
    renderScreen(<ContactDialog open onClose={() => {}} />);
    fill({ ...FIELDS, 'contact-email': 'not-an-email', 'contact-object': '   ' });
    fireEvent.click(screen.getByTestId('contact-consent'));
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByTestId('contact-email-error')).toHaveProperty('textContent', 'Invalid email');
    expect(errorOf('contact-object')).toBe('Please provide the object of the message');
    expect(screen.queryByTestId('contact-first-name-error')).toBeNull();
    expect(screen.getByTestId('contact-boxes-error').textContent).toBe(
      'to go further you must check the box "I accept".',
    );
  });

  it('posts the message (without the boxes), toasts the success and closes', async () => {
    const fetch = stubApi({
      '/api/captcha/challenge': ok(await altchaChallengeData()),
      '/api/contact/': ok(null, { en: 'Message sent successfully', fr: 'Message envoyé avec succès' }),
    });
    const onClose = vi.fn();
    renderScreen(<ContactDialog open onClose={onClose} />);
    fill();
    fireEvent.click(screen.getByTestId('contact-consent'));
    fireEvent.click(screen.getByTestId('contact-privacy'));
    fireEvent.click(screen.getByTestId('contact-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The page first solves the captcha (as the ALTCHA widget does), then sends it with the message.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/captcha/challenge', '/api/contact/']);
    const [, init] = fetch.mock.calls[1] ?? [];
    expect(init?.method).toBe('POST');
    const { captcha, ...message } = JSON.parse(String(init?.body));
    expect(message).toEqual({
      first_name: 'Camille',
      last_name: 'Claudel',
      email: 'camille@example.com',
      phone: '+33 6 12 34 56 78',
      object: 'Visit of the collection',
      message: 'I would like to see the works.',
    });
    expect(await isSolvedCaptcha(captcha)).toBe(true);
    expect((await screen.findByTestId('toast')).textContent).toBe('Message sent successfully');
    expect(screen.getByTestId('toast').getAttribute('data-severity')).toBe('success');
  });

  it('keeps the dialog open and says the server message in the form on failure (a toast would sit under the modal)', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi({
      '/api/captcha/challenge': ok(await altchaChallengeData()),
      '/api/contact/': failed(502, { en: 'Error sending message', fr: "Erreur lors de l'envoi du message" }),
    });
    const onClose = vi.fn();
    renderScreen(<ContactDialog open onClose={onClose} />);
    fill();
    fireEvent.click(screen.getByTestId('contact-consent'));
    fireEvent.click(screen.getByTestId('contact-privacy'));
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect((await screen.findByTestId('contact-failure')).textContent).toBe("Erreur lors de l'envoi du message");
    expect(screen.getByTestId('contact-failure').getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('contact-dialog')).toBeTruthy();
  });

  it('names the unticked boxes', () => {
    expect(boxIssues(true, true)).toEqual({});
    expect(boxIssues(false, false)).toEqual({ consent: 'BothBoxesRequired', privacy: 'BothBoxesRequired' });
    expect(boxIssues(true, false)).toEqual({ privacy: 'AcceptBox' });
  });
});
