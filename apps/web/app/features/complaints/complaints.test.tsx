// @vitest-environment jsdom
import type { TMemberComplaint } from '@parcelle/shared/contracts/complaints';
import { messages } from '@parcelle/shared/i18n/messages';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { altchaChallengeData, isSolvedCaptcha } from '../captcha/testing';
import { failed, ok, stubApi } from '../content/testing';
import { i18n } from '../i18n/i18n';
import { MemberComplaintsScreen, PublicComplaintsScreen } from './ComplaintsScreen';

/** Issue 30: the complaint forms (member and visitor), the on-screen acknowledgement and the member's list. */

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const CONTACT = {
  email: 'complaints@parcelle.test',
  postal_address: 'Parcelle, 10 rue de la Paix, 75002 Paris',
  mediator: 'Médiateur de l’AMF',
};
const RECEIPT = {
  id: 'c1',
  reference: 'RC-2026-000042',
  received_at: '2026-11-27T10:00:00.000Z',
  acknowledge_due_on: '2026-12-09',
  answer_due_on: '2027-01-27',
  email: 'camille@example.com',
};
const ANSWERED: TMemberComplaint = {
  id: 'c0',
  reference: 'RC-2026-000007',
  category: 'withdrawal',
  subject: 'Late withdrawal',
  body: 'My withdrawal took three weeks.',
  state: 'answered',
  outcome: 'partially_upheld',
  received_at: '2026-10-01T09:00:00.000Z',
  acknowledge_due_on: '2026-10-13',
  answer_due_on: '2026-12-01',
  answered_at: '2026-10-20T09:00:00.000Z',
  events: [
    { kind: 'received', to_state: 'received', message: '', at: '2026-10-01T09:00:00.000Z' },
    {
      kind: 'answered',
      to_state: 'answered',
      message: 'The bank was slow; we refund the fee.',
      at: '2026-10-20T09:00:00.000Z',
    },
  ],
};

function fill(values: Record<string, string>) {
  for (const [testId, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  }
}
const errorOf = (testId: string) => screen.getByTestId(`${testId}-error`).textContent;

beforeEach(() => window.localStorage.clear());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('a member’s complaints', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('refresh_token', 'refresh');
  });

  it('lists their complaints with the outcome and the messages sent, and the published address', async () => {
    stubApi({
      '/api/user/complaints': ok({ complaints: [ANSWERED] }),
      '/api/complaints/contact': ok(CONTACT),
    });
    renderScreen(<MemberComplaintsScreen />, '/user/complaints');
    const item = await screen.findByTestId('complaint');
    expect(item.getAttribute('data-state')).toBe('answered');
    expect(within(item).getByTestId('complaint-state').textContent).toBe('Answered');
    expect(within(item).getByTestId('complaint-outcome').textContent).toBe('Outcome: Partly upheld');
    expect(
      within(item)
        .getAllByTestId('complaint-message')
        .map((m) => m.textContent),
    ).toEqual([expect.stringContaining('The bank was slow; we refund the fee.')]);
    expect(screen.getByText('1 complaint')).toBeTruthy();
    expect((await screen.findByTestId('complaints-email')).getAttribute('href')).toBe(`mailto:${CONTACT.email}`);
    expect(screen.getByTestId('complaints-postal').textContent).toBe(CONTACT.postal_address);
  });

  it('asks for every field with the shared schema’s messages, in French, before sending anything', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const fetch = stubApi({ '/api/user/complaints': ok({ complaints: [] }), '/api/complaints/contact': ok(CONTACT) });
    renderScreen(<MemberComplaintsScreen />, '/user/complaints');
    expect(await screen.findByText('Vous n’avez déposé aucune réclamation.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('complaint-submit'));
    await screen.findByTestId('complaint-subject-error');
    expect(errorOf('complaint-subject')).toBe(messages.ComplaintSubjectRequired.fr);
    expect(errorOf('complaint-body')).toBe(messages.ComplaintBodyRequired.fr);
    expect(errorOf('complaint-category')).toBe(messages.ComplaintCategoryRequired.fr);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends the complaint and shows the reference and due days at once', async () => {
    const fetch = stubApi({
      '/api/user/complaints': (_url, init) =>
        init?.method === 'POST' ? ok(RECEIPT, messages.ComplaintReceived) : ok({ complaints: [] }),
      '/api/complaints/contact': ok(CONTACT),
    });
    renderScreen(<MemberComplaintsScreen />, '/user/complaints');
    fill({
      'complaint-category': 'purchase',
      'complaint-subject': 'My certificate never came',
      'complaint-body': 'I bought 3 parts on Monday.',
    });
    fireEvent.click(screen.getByTestId('complaint-submit'));
    const receipt = await screen.findByTestId('complaint-receipt');
    expect(within(receipt).getByTestId('complaint-reference').textContent).toBe('RC-2026-000042');
    expect(within(receipt).getByTestId('complaint-acknowledge-by').textContent).toBe('09 Dec 2026');
    expect(within(receipt).getByTestId('complaint-answer-by').textContent).toBe('27 Jan 2027');
    expect(plain(receipt.textContent)).toContain('camille@example.com');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      category: 'purchase',
      subject: 'My certificate never came',
      body: 'I bought 3 parts on Monday.',
    });
    expect((await screen.findByTestId('toast')).textContent).toBe(messages.ComplaintReceived.en);
    // The list is read again after filing.
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter(
          ([url, init]) => String(url).endsWith('/api/user/complaints') && init?.method !== 'POST',
        ),
      ).toHaveLength(2),
    );
  });
});

describe('a visitor’s complaint', () => {
  it('is sent with who they are, where to answer, the language and a solved captcha', async () => {
    const fetch = stubApi({
      '/api/captcha/challenge': ok(await altchaChallengeData()),
      '/api/complaints': ok(RECEIPT, messages.ComplaintReceived),
      '/api/complaints/contact': ok(CONTACT),
    });
    renderScreen(<PublicComplaintsScreen />, '/complaints');
    expect(await screen.findByTestId('complaints-mediator')).toHaveProperty('textContent', CONTACT.mediator);
    fill({
      'complaint-first-name': 'Léa',
      'complaint-last-name': 'Roux',
      'complaint-email': 'Lea@Example.com',
      'complaint-language': 'fr',
      'complaint-category': 'information',
      'complaint-subject': 'Unclear fees',
      'complaint-body': 'The fees were not shown.',
    });
    fireEvent.click(screen.getByTestId('complaint-submit'));
    await screen.findByTestId('complaint-receipt');
    const post = fetch.mock.calls.find(([url]) => String(url) === '/api/complaints');
    const { captcha, ...body } = JSON.parse(String(post?.[1]?.body));
    expect(body).toEqual({
      first_name: 'Léa',
      last_name: 'Roux',
      email: 'lea@example.com',
      lang: 'fr',
      category: 'information',
      subject: 'Unclear fees',
      body: 'The fees were not shown.',
    });
    expect(await isSolvedCaptcha(captcha)).toBe(true);
  });

  it('keeps the form and toasts the server’s refusal', async () => {
    stubApi({
      '/api/captcha/challenge': ok(await altchaChallengeData()),
      '/api/complaints': failed(429, messages.TooManyRequests),
      '/api/complaints/contact': ok(CONTACT),
    });
    renderScreen(<PublicComplaintsScreen />, '/complaints');
    fill({
      'complaint-first-name': 'Léa',
      'complaint-last-name': 'Roux',
      'complaint-email': 'lea@example.com',
      'complaint-category': 'other',
      'complaint-subject': 'Subject',
      'complaint-body': 'Body.',
    });
    fireEvent.click(screen.getByTestId('complaint-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe(messages.TooManyRequests.en);
    expect(screen.getByTestId('complaint-form')).toBeTruthy();
    expect(screen.queryByTestId('complaint-receipt')).toBeNull();
  });
});
