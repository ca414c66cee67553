import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { VerificationPage } from './VerificationPage';

const CASE_ID = '5a0e7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const HIT_ID = '7c0e7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const hit = {
  id: HIT_ID,
  state: 'open',
  score: 97,
  matched_fields: ['alias', 'birthDate', 'nationality'],
  matched_name: 'Gheorghe Balanescu',
  entry_logical_id: '13',
  eu_reference_number: 'EU.27.28',
  entry_names: ['Gheorghe Ionuț BĂLĂNESCU', 'Gheorghe Balanescu'],
  regulation: '2014/269',
  programme: 'UKR',
  list_version_id: 'v1',
  list_generated_at: '2026-11-01T00:00:00.000Z',
  screening_reason: 'submission',
  screened_at: '2026-11-20T10:00:00.000Z',
  carried_from: null,
  decisions: [],
};
const inReview = {
  id: CASE_ID,
  member: { id: 'm1', email: 'lea@example.com', name: 'Léa Tremblay', language: 'fr' },
  state: 'in_review',
  risk: 'standard',
  submitted_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  age_days: 8,
  first_approved_by: null,
  declaration: {
    legal_first_name: 'Léa',
    legal_last_name: 'Tremblay',
    birth_date: '1990-05-17',
    birth_place: 'Lyon',
    birth_country: 'FR',
    nationality: 'FR',
    address: { line1: '12 rue de la Paix', postal_code: '75002', city: 'Paris', country: 'FR' },
    tax_residence: 'FR',
    occupation: 'Architecte',
    politically_exposed: false,
    pep_close_associate: false,
    expected_yearly_investment_minor: 500_000,
    identity_document_type: 'id_card',
  },
  risk_assessment: { level: 'standard', rule_version: '2026-11', reasons: ['resident_eea'] },
  documents: [
    {
      id: 'd1',
      kind: 'identity_front',
      content_type: 'image/jpeg',
      size_bytes: 120_000,
      width: 1200,
      height: 800,
      uploaded_at: '2026-11-19T10:00:00.000Z',
    },
    {
      id: 'd2',
      kind: 'proof_of_address',
      content_type: 'application/pdf',
      size_bytes: 40_000,
      width: null,
      height: null,
      uploaded_at: '2026-11-19T10:00:00.000Z',
    },
  ],
  replaced_documents: [],
  history: [
    {
      id: 'e1',
      from_state: 'submitted',
      to_state: 'in_review',
      actor: 'system',
      actor_id: null,
      actor_email: null,
      reason_code: 'sanctions_hit',
      message: '',
      document_kinds: [],
      at: '2026-11-20T10:00:00.000Z',
    },
  ],
  awaiting_second_approval: false,
  sanctions_hits: [hit],
};

function renderCase() {
  renderScreen(<VerificationPage />, {
    path: '/verifications/:id',
    url: `/verifications/${CASE_ID}`,
    resources: [{ name: 'verifications', list: '/verifications', show: '/verifications/:id' }],
  });
}
const header = () => screen.getByRole('banner');

setUpScreenTests();
beforeEach(() => {
  // jsdom has no object URLs: a document or an export in the browser is one, revoked when done.
  URL.createObjectURL = vi.fn(() => 'blob:parcelle/document');
  URL.revokeObjectURL = vi.fn();
});

describe('the case page', () => {
  it('keeps the member’s identity beside the decisions, and shows the hit with what matched', async () => {
    stubFetch([ok(inReview)]);
    renderCase();
    expect(await screen.findByRole('heading', { name: 'Léa Tremblay', level: 1 })).toBeTruthy();
    expect(within(header()).getByText(/lea@example.com · Writes in French/)).toBeTruthy();
    for (const name of ['Approve', 'Reject', 'Ask for more']) {
      expect(within(header()).getByRole('button', { name })).toBeTruthy();
    }
    const match = screen.getByRole('article', { name: 'Gheorghe Balanescu' });
    expect(within(match).getByText('Matched Gheorghe Balanescu (score 97)')).toBeTruthy();
    expect(within(match).getByText('alias, birth date, nationality')).toBeTruthy();
    expect(within(match).getByText('Gheorghe Ionuț BĂLĂNESCU · Gheorghe Balanescu')).toBeTruthy();
    expect(within(match).getByText('To decide')).toBeTruthy();
    // Every fact has its term (an empty one was read as nothing, and gave two rows one key).
    const terms = within(match)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(expect.arrayContaining(['List entry', 'Screening']));
    expect(terms.every((term) => term && term.trim().length > 0)).toBe(true);
    expect(screen.getByRole('table', { name: 'History' })).toBeTruthy();
    expect(screen.getByText('Possible sanctions list match')).toBeTruthy();
  });

  it('approves after a confirmation that names the member, with a reason code', async () => {
    const calls = stubFetch([
      ok(inReview),
      ok({ ...inReview, state: 'approved' }),
      ok({ ...inReview, state: 'approved' }),
    ]);
    renderCase();
    fireEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the verification of Léa Tremblay?' });
    expect(within(dialog).getByLabelText('Message to the member (in French, optional)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({
      url: `/api/admin/verifications/${CASE_ID}/approve`,
      method: 'POST',
      body: { reason_code: 'documents_verified', message: '' },
    });
    // The dialog closes and the case is read again (the answer's new state).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls[2]?.url).toBe(`/api/admin/verifications/${CASE_ID}`));
  });

  it('asks for more only with a message to the member in their language, and the reason code chosen', async () => {
    const calls = stubFetch([ok(inReview), ok(inReview), ok(inReview)]);
    renderCase();
    fireEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Ask for more' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Léa Tremblay for more?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for more' }));
    expect(await within(dialog).findByText(messages.VerificationMessageRequired.en)).toBeTruthy();
    // The documents to send again: at least one, among those of an identity card (decision 411).
    const kinds = within(dialog).getByRole('group', { name: 'Documents to send again (at least one)' });
    expect(
      within(kinds)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Identity document (front)', 'Identity document (back)', 'Proof of address']);
    expect(within(dialog).getByText(messages.VerificationDocumentKindsRequired.en)).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.click(within(kinds).getByRole('checkbox', { name: 'Proof of address' }));
    fireEvent.click(within(kinds).getByRole('checkbox', { name: 'Identity document (front)' }));
    expect(within(dialog).queryByText(messages.VerificationDocumentKindsRequired.en)).toBeNull();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Reason code' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Document expired' }));
    fireEvent.change(within(dialog).getByLabelText(/Message to the member \(in French\)/), {
      target: { value: 'Votre carte d’identité a expiré : envoyez-en une valide.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for more' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({
      url: `/api/admin/verifications/${CASE_ID}/request-resubmission`,
      body: {
        reason_code: 'document_expired',
        message: 'Votre carte d’identité a expiré : envoyez-en une valide.',
        document_kinds: ['identity_front', 'proof_of_address'],
      },
    });
  });

  it('asks a passport holder for no back, and names the kinds asked in the history (fr)', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    const passport = {
      ...inReview,
      declaration: { ...inReview.declaration, identity_document_type: 'passport' },
      history: [
        ...inReview.history,
        {
          id: 'e2',
          from_state: 'in_review',
          to_state: 'resubmission_requested',
          actor: 'operator',
          actor_id: 'op-1',
          actor_email: 'compliance@example.com',
          reason_code: 'document_unreadable',
          message: 'La photo est floue.',
          document_kinds: ['identity_front', 'proof_of_address'],
          at: '2026-11-21T10:00:00.000Z',
        },
      ],
    };
    const calls = stubFetch([ok(passport)]);
    renderCase();
    expect(await screen.findByText('Redemandés : Pièce d’identité (recto), Justificatif de domicile')).toBeTruthy();
    fireEvent.click(within(header()).getByRole('button', { name: 'Demander un complément' }));
    const dialog = await screen.findByRole('dialog');
    const kinds = within(dialog).getByRole('group', { name: 'Documents à renvoyer (au moins un)' });
    expect(
      within(kinds)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Pièce d’identité (recto)', 'Justificatif de domicile']);
    fireEvent.change(within(dialog).getByLabelText(/Message au membre/), { target: { value: 'Merci.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Demander un complément' }));
    expect(await within(dialog).findByText(messages.VerificationDocumentKindsRequired.fr)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('offers the second approval on a high-risk case approved once', async () => {
    stubFetch([ok({ ...inReview, risk: 'high', first_approved_by: 'op-1', awaiting_second_approval: true })]);
    renderCase();
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Awaiting second approval')).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Give the second approval' }));
    expect(
      await screen.findByRole('dialog', { name: 'Give the second approval to Léa Tremblay (high risk)?' }),
    ).toBeTruthy();
  });

  it('dismisses a namesake only with a reason', async () => {
    const dismissed = { ...hit, state: 'dismissed' };
    const calls = stubFetch([ok(inReview), ok({ ...inReview, sanctions_hits: [dismissed] }), ok(inReview)]);
    renderCase();
    const match = await screen.findByRole('article', { name: 'Gheorghe Balanescu' });
    fireEvent.click(within(match).getByRole('button', { name: 'Dismiss (namesake)' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Dismiss the match of Léa Tremblay with Gheorghe Balanescu?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss (namesake)' }));
    expect(await within(dialog).findByText(messages.SanctionsHitReasonRequired.en)).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Born 1990 in Lyon' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss (namesake)' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({
      url: `/api/admin/verifications/${CASE_ID}/hits/${HIT_ID}/dismiss`,
      method: 'POST',
      body: { reason: 'Born 1990 in Lyon' },
    });
  });

  it('confirms a match after saying that the account is frozen and how', async () => {
    const calls = stubFetch([
      ok(inReview),
      ok({ ...inReview, state: 'rejected' }),
      ok({ ...inReview, state: 'rejected' }),
    ]);
    renderCase();
    const match = await screen.findByRole('article', { name: 'Gheorghe Balanescu' });
    fireEvent.click(within(match).getByRole('button', { name: 'Confirm match' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm that Léa Tremblay is Gheorghe Balanescu?' });
    expect(within(dialog).getByText(/frozen at once: the case is rejected \(sanctions match confirmed\)/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Passport number listed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm match' }));
    expect(await within(dialog).findByText(messages.VerificationMessageRequired.en)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Message to the member/), {
      target: { value: 'Nous ne pouvons pas ouvrir votre compte.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm match' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({
      url: `/api/admin/verifications/${CASE_ID}/hits/${HIT_ID}/confirm`,
      body: { reason: 'Passport number listed', message: 'Nous ne pouvons pas ouvrir votre compte.' },
    });
  });

  it('opens a document with the operator’s token in a viewer, never a public address', async () => {
    const calls = stubFetch([ok(inReview), [200, {}]]);
    renderCase();
    fireEvent.click(await screen.findByRole('button', { name: 'View Identity document (front)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identity document (front) of Léa Tremblay' });
    const image = await within(dialog).findByRole('img', { name: 'Identity document (front) of Léa Tremblay' });
    expect(image.getAttribute('src')).toBe('blob:parcelle/document');
    expect(calls[1]?.url).toBe(`/api/admin/verifications/${CASE_ID}/documents/d1`);
    expect(calls[1]?.headers.Authorization).toBe('Bearer access');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:parcelle/document'));
  });

  it('downloads the export for the authority once a match is confirmed', async () => {
    const confirmed = { ...hit, state: 'confirmed' };
    const calls = stubFetch([ok({ ...inReview, state: 'rejected', sanctions_hits: [confirmed] }), [200, {}]]);
    renderCase();
    fireEvent.click(await screen.findByRole('button', { name: 'Export for the authority (CSV)' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe(`/api/admin/verifications/${CASE_ID}/hits/export?format=csv`);
    expect(calls[1]?.headers.Authorization).toBe('Bearer access');
    expect(within(header()).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('speaks French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([ok(inReview)]);
    renderCase();
    expect(await screen.findByRole('heading', { name: 'Léa Tremblay', level: 1 })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Approuver' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Demander un complément' })).toBeTruthy();
    expect(screen.getByText('Correspondance avec Gheorghe Balanescu (score 97)')).toBeTruthy();
    expect(screen.getByText('alias, date de naissance, nationalité')).toBeTruthy();
  });
});
