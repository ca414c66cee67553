// @vitest-environment jsdom

import type { TVerificationStatus } from '@parcelle/shared/contracts/verification';
import { messages } from '@parcelle/shared/i18n/messages';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n, loadMemberTexts } from '../i18n/i18n';
import { PROVIDER_POLL_MS, ProviderStep, providerPollInterval, providerStepShown } from './ProviderStep';
import { VerificationScreen } from './VerificationScreen';
import { VerificationStep } from './VerificationStep';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function status(overrides: Partial<TVerificationStatus> = {}): TVerificationStatus {
  return {
    state: 'not_started',
    verified: false,
    declaration: null,
    documents: [],
    missing: ['declared_data', 'identity_front', 'identity_back', 'proof_of_address'],
    can_edit: true,
    can_submit: false,
    source_of_funds_threshold_minor: 1_000_000,
    submitted_at: null,
    last_decision: null,
    documents_to_resend: [],
    provider: { name: 'manual', step: 'none' },
    ...overrides,
  };
}

const DECLARATION = {
  legal_first_name: 'Ada',
  legal_last_name: 'Lovelace',
  birth_date: '1980-12-10',
  birth_place: 'London',
  birth_country: 'GB',
  nationality: 'GB',
  address: { line1: '1 rue de Rivoli', postal_code: '75001', city: 'Paris', country: 'FR' },
  tax_residence: 'FR',
  occupation: 'Mathematician',
  politically_exposed: false,
  pep_close_associate: false,
  expected_yearly_investment_minor: 500_000,
  identity_document_type: 'id_card' as const,
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let current: TVerificationStatus;
let answer: ((call: Call) => Response | Promise<Response> | undefined) | null;

const json = (status: number, payload: unknown) =>
  new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  initI18n();
  await loadMemberTexts();
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  current = status();
  answer = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
      const call = { method: init.method ?? 'GET', path: url.pathname, body };
      calls.push(call);
      const special = answer?.(call);
      if (special) return special;
      if (call.path === '/api/user/verification' && call.method === 'GET') {
        return json(200, { status: 200, data: current, message: { en: 'OK', fr: 'OK' } });
      }
      if (call.path === '/api/user/verification' && call.method === 'PUT') {
        current = status({
          state: 'collecting',
          declaration: body as TVerificationStatus['declaration'],
          missing: ['identity_front', 'identity_back', 'proof_of_address'],
        });
        return json(200, { status: 200, data: current, message: messages.VerificationSaved });
      }
      return json(404, { error: messages.NotFound });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('/user/verification (issue 29)', () => {
  it('shows where a new member stands and what is missing, with the file limits (en)', async () => {
    renderScreen(<VerificationScreen />, '/user/verification');
    const panel = await screen.findByTestId('verification-status');
    expect(panel.getAttribute('data-state')).toBe('not_started');
    expect(within(panel).getByTestId('verification-state').textContent).toBe('Not started');
    expect(within(panel).getByText('4 things are still missing:')).toBeTruthy();
    expect(screen.getByTestId('verification-missing-identity_back').textContent).toBe('The back of your identity card');
    expect(plain(screen.getByTestId('verification-limits').textContent)).toBe(
      'JPEG, PNG or PDF, 10 MB at most; photos at least 600 × 400 pixels.',
    );
    expect((screen.getByTestId('verification-submit') as HTMLButtonElement).disabled).toBe(true);
    // Both ways of giving a file: the picker (JPEG, PNG or PDF) and, on a phone, the camera.
    const input = screen.getByTestId('verification-identity_front-input') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,application/pdf');
    expect(screen.getByTestId('verification-identity_front-photo')).toBeTruthy();
  });

  it('refuses an empty declaration with the shared schema, in the page’s language', async () => {
    renderScreen(<VerificationScreen />, '/user/verification');
    fireEvent.click(await screen.findByTestId('verification-save'));
    expect((await screen.findByTestId('verification-first-name-error')).textContent).toBe(
      'This information is required.',
    );
    expect(screen.getByTestId('verification-pep-error').textContent).toBe('This information is required.');
    expect(screen.getByTestId('verification-document-type-error').textContent).toBe('This information is required.');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves the declaration whole, optional blanks left out, and shows what is still missing', async () => {
    current = status({
      state: 'collecting',
      declaration: { ...DECLARATION, address: { ...DECLARATION.address, line2: '' }, pep_details: '' },
      missing: ['identity_front', 'identity_back', 'proof_of_address'],
    });
    renderScreen(<VerificationScreen />, '/user/verification');
    const occupation = await screen.findByTestId('verification-occupation');
    expect((occupation as HTMLInputElement).value).toBe('Mathematician');
    expect((screen.getByTestId('verification-expected') as HTMLInputElement).value).toBe('5000');
    fireEvent.change(occupation, { target: { value: 'Analyst' } });
    fireEvent.click(screen.getByTestId('verification-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...DECLARATION, occupation: 'Analyst' });
    expect(await screen.findByText(messages.VerificationSaved.en)).toBeTruthy();
    expect(screen.getByTestId('verification-missing-identity_back')).toBeTruthy();
    expect(screen.queryByTestId('verification-missing-declared_data')).toBeNull();
  });

  it('asks for the source of funds from the threshold the API gives', async () => {
    current = status({ source_of_funds_threshold_minor: 200_000 });
    renderScreen(<VerificationScreen />, '/user/verification');
    const expected = await screen.findByTestId('verification-expected');
    expect(plain(screen.getByText(/we ask where the money comes from/).textContent)).toContain('€2,000.00');
    fireEvent.change(expected, { target: { value: '1999' } });
    expect(screen.queryByTestId('verification-funds')).toBeNull();
    fireEvent.change(expected, { target: { value: '2000' } });
    expect(await screen.findByTestId('verification-funds')).toBeTruthy();
  });

  it('says what is wrong with a file on its own row, before it leaves and from the server (fr)', async () => {
    await act(() => i18n.changeLanguage('fr'));
    answer = (call) =>
      call.path === '/api/user/verification/documents'
        ? json(400, { error: messages.VerificationDocumentTooSmall })
        : undefined;
    renderScreen(<VerificationScreen />, '/user/verification');
    const input = (await screen.findByTestId('verification-identity_back-input')) as HTMLInputElement;
    const huge = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 12 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(plain((await screen.findByTestId('verification-identity_back-error')).textContent)).toBe(
      'Ce fichier fait 12 Mo : 10 Mo au plus.',
    );
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [text] } });
    expect((await screen.findByTestId('verification-identity_back-error')).textContent).toBe(
      'Seuls les fichiers JPEG, PNG ou PDF sont acceptés.',
    );
    expect(calls.filter((call) => call.path === '/api/user/verification/documents')).toHaveLength(0);

    const small = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [small] } });
    await waitFor(() =>
      expect(screen.getByTestId('verification-identity_back-error').textContent).toBe(
        messages.VerificationDocumentTooSmall.fr,
      ),
    );
    const sent = calls.find((call) => call.path === '/api/user/verification/documents')?.body as FormData;
    expect(sent.get('kind')).toBe('identity_back');
    expect((sent.get('file') as File).name).toBe('photo.jpg');
    // The other rows are untouched.
    expect(screen.queryByTestId('verification-identity_front-error')).toBeNull();
  });

  it('shows a request for more with the reviewer’s message, in French with its plural', async () => {
    await act(() => i18n.changeLanguage('fr'));
    current = status({
      state: 'resubmission_requested',
      declaration: DECLARATION,
      documents: [
        {
          id: 'd1',
          kind: 'identity_front',
          content_type: 'image/jpeg',
          size_bytes: 245_000,
          width: 1200,
          height: 800,
          uploaded_at: '2026-11-20T10:00:00Z',
        },
      ],
      missing: ['identity_back'],
      last_decision: {
        state: 'resubmission_requested',
        reason_code: 'document_unreadable',
        message: 'Le verso est flou : merci de le reprendre.',
        document_kinds: [],
        at: '2026-11-21T09:00:00Z',
      },
    });
    renderScreen(<VerificationScreen />, '/user/verification');
    const panel = await screen.findByTestId('verification-status');
    expect(within(panel).getByTestId('verification-state').textContent).toBe('À compléter');
    expect(plain(within(panel).getByText(/Il manque encore/).textContent)).toBe('Il manque encore 1 élément :');
    expect(plain(screen.getByTestId('verification-decision-reason').textContent)).toBe(
      'Document illisible, le 21 nov. 2026',
    );
    expect(screen.getByTestId('verification-decision-message').textContent).toBe(
      'Le verso est flou : merci de le reprendre.',
    );
    expect(plain(screen.getByTestId('verification-identity_front-state').textContent)).toBe(
      'Reçu le 20 nov. 2026 (JPEG, 239 ko)',
    );
  });

  it('does not say everything is here when the reviewer asked for a document again (fr)', async () => {
    await act(() => i18n.changeLanguage('fr'));
    current = status({
      state: 'resubmission_requested',
      declaration: DECLARATION,
      missing: [],
      last_decision: {
        state: 'resubmission_requested',
        reason_code: 'document_unreadable',
        message: 'Le recto est flou : merci de le reprendre.',
        document_kinds: [],
        at: '2026-11-21T09:00:00Z',
      },
    });
    renderScreen(<VerificationScreen />, '/user/verification');
    const panel = await screen.findByTestId('verification-status');
    expect(within(panel).queryByText(/Tout y est/)).toBeNull();
    expect(plain(within(panel).getByTestId('verification-replace-asked').textContent)).toBe(
      'Remplacez ou complétez ce que demande l’examinateur ci-dessus, puis renvoyez-le.',
    );
  });

  it('lists the documents the reviewer asked for again and marks their upload slots (en, decision 411)', async () => {
    const front = {
      id: 'd1',
      kind: 'identity_front' as const,
      content_type: 'image/jpeg',
      size_bytes: 245_000,
      width: 1200,
      height: 800,
      uploaded_at: '2026-11-20T10:00:00Z',
    };
    current = status({
      state: 'resubmission_requested',
      declaration: DECLARATION,
      documents: [
        front,
        { ...front, id: 'd2', kind: 'identity_back' },
        { ...front, id: 'd3', kind: 'proof_of_address' },
      ],
      missing: [],
      can_submit: false,
      last_decision: {
        state: 'resubmission_requested',
        reason_code: 'document_unreadable',
        message: 'Both photos are blurred.',
        document_kinds: ['identity_back', 'proof_of_address'],
        at: '2026-11-21T09:00:00Z',
      },
      documents_to_resend: ['identity_back', 'proof_of_address'],
    });
    renderScreen(<VerificationScreen />, '/user/verification');
    const list = await screen.findByTestId('verification-resend');
    expect(plain(within(list).getByText(/again/).textContent)).toBe('Send these 2 documents again:');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The back of your identity card', 'A proof of address under 3 months old']);
    // Not "everything is here", nor the general words: the list says what to do.
    expect(screen.queryByTestId('verification-replace-asked')).toBeNull();
    expect(screen.getByTestId('verification-identity_back-row').dataset.asked).toBe('yes');
    expect(screen.getByTestId('verification-proof_of_address-row').dataset.asked).toBe('yes');
    expect(screen.getByTestId('verification-identity_front-row').dataset.asked).toBe('no');
    expect(screen.getByTestId('verification-identity_back-asked').textContent).toBe('To send again');
    expect(screen.queryByTestId('verification-identity_front-asked')).toBeNull();
    expect(screen.getByText('Still 2 things to complete before sending.')).toBeTruthy();
    expect((screen.getByTestId('verification-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('names one document to send again in French, and its slot', async () => {
    await act(() => i18n.changeLanguage('fr'));
    current = status({
      state: 'collecting',
      declaration: DECLARATION,
      missing: [],
      last_decision: {
        state: 'resubmission_requested',
        reason_code: 'address_proof_too_old',
        message: 'Votre justificatif date de plus de 3 mois.',
        document_kinds: ['proof_of_address'],
        at: '2026-11-21T09:00:00Z',
      },
      documents_to_resend: ['proof_of_address'],
    });
    renderScreen(<VerificationScreen />, '/user/verification');
    const list = await screen.findByTestId('verification-resend');
    expect(plain(within(list).getByText(/Renvoyez/).textContent)).toBe('Renvoyez ce document :');
    expect(within(list).getByTestId('verification-resend-proof_of_address').textContent).toBe(
      'Un justificatif de domicile de moins de 3 mois',
    );
    expect(screen.getByTestId('verification-proof_of_address-asked').textContent).toBe('À renvoyer');
    expect(screen.getByTestId('verification-identity_back-row').dataset.asked).toBe('no');
  });

  it('shows a case in review read-only: no form, no upload, no submission', async () => {
    current = status({
      state: 'in_review',
      declaration: DECLARATION,
      can_edit: false,
      missing: [],
      submitted_at: '2026-11-20T10:00:00Z',
      documents: [
        {
          id: 'd1',
          kind: 'proof_of_address',
          content_type: 'application/pdf',
          size_bytes: 2_048,
          width: null,
          height: null,
          uploaded_at: '2026-11-20T10:00:00Z',
        },
      ],
    });
    renderScreen(<VerificationScreen />, '/user/verification');
    expect((await screen.findByTestId('verification-state')).textContent).toBe('Being reviewed');
    expect(plain(screen.getByTestId('verification-submitted-at').textContent)).toBe('Sent on 20 Nov 2026');
    expect(screen.queryByTestId('verification-save')).toBeNull();
    expect(screen.queryByTestId('verification-submit')).toBeNull();
    expect(screen.queryByTestId('verification-proof_of_address-choose')).toBeNull();
    // The in-house provider: a compliance officer, no partner step.
    expect(screen.getByTestId('verification-state-text').textContent).toMatch(/^A compliance officer is checking/);
    expect(screen.queryByTestId('verification-provider-step')).toBeNull();
  });
});

describe('the identity partner’s step (Sumsub, decisions 345–348)', () => {
  const SESSION = {
    provider: 'sumsub',
    applicant_id: 'app-1',
    access_token: '_act-1',
    url: 'http://127.0.0.1:8787/_stub/websdk/abc',
    expires_at: '2026-11-29T10:30:00Z',
  };
  const atPartner = (step: TVerificationStatus['provider']['step'], overrides: Partial<TVerificationStatus> = {}) =>
    status({
      state: 'in_review',
      declaration: DECLARATION,
      can_edit: false,
      missing: [],
      submitted_at: '2026-11-20T10:00:00Z',
      provider: { name: 'sumsub', step },
      ...overrides,
    });

  it('explains the partner’s check and opens the session’s link from the button (en)', async () => {
    current = atPartner('to_open');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer = (call) =>
      call.path === '/api/user/verification/provider-session'
        ? held.then(() => json(200, { status: 200, data: SESSION }))
        : undefined;
    const opened: string[] = [];
    renderScreen(<ProviderStep status={current} open={(url) => opened.push(url)} />, '/user/verification');
    const step = screen.getByTestId('verification-provider-step');
    expect(step.getAttribute('data-step')).toBe('to_open');
    expect(within(step).getByRole('heading').textContent).toBe('One step left: your identity check with our partner');
    expect(screen.getByTestId('verification-provider-text').textContent).toMatch(/^Our identity partner, Sumsub/);
    const button = screen.getByTestId('verification-provider-open') as HTMLButtonElement;
    expect(button.textContent).toBe('Continue with Sumsub');
    fireEvent.click(button);
    // Asked once, and the button waits while the session is being opened; nothing opens before the answer.
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(calls).toEqual([{ method: 'POST', path: '/api/user/verification/provider-session', body: {} }]);
    expect(opened).toEqual([]);
    release();
    await waitFor(() => expect(opened).toEqual([SESSION.url]));
  });

  it('says the check is with the partner, in the state and the step, with a way back in (fr)', async () => {
    await act(() => i18n.changeLanguage('fr'));
    current = atPartner('with_provider');
    renderScreen(<VerificationScreen />, '/user/verification');
    const step = await screen.findByTestId('verification-provider-step');
    expect(step.getAttribute('data-step')).toBe('with_provider');
    expect(plain(screen.getByTestId('verification-state-text').textContent)).toBe(
      'Votre vérification est chez notre partenaire d’identité. Nous vous préviendrons par e-mail et ici dès qu’elle sera décidée.',
    );
    expect(within(step).getByRole('heading').textContent).toBe('Chez notre partenaire d’identité');
    expect(screen.getByTestId('verification-provider-open').textContent).toBe('Reprendre mon contrôle d’identité');
    cleanup();
    current = atPartner('to_open');
    renderScreen(<VerificationScreen />, '/user/verification');
    expect((await screen.findByTestId('verification-provider-open')).textContent).toBe('Continuer avec Sumsub');
    expect(plain(screen.getByTestId('verification-provider-text').textContent)).toMatch(
      /^Notre partenaire d’identité, Sumsub, contrôle votre pièce d’identité/,
    );
  });

  it('back from the partner, shows the check as pending and polls until it is decided, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      current = atPartner('with_provider');
      renderScreen(<VerificationScreen />, '/user/verification?from=provider');
      expect((await screen.findByTestId('verification-provider-step')).getAttribute('data-step')).toBe('with_provider');
      expect(screen.getByTestId('verification-state-text').textContent).toBe(
        'Your verification is with our identity partner. We will tell you by email and here once it is decided.',
      );
      const reads = () => calls.filter((call) => call.path === '/api/user/verification').length;
      const before = reads();
      // The partner decides; the next poll shows it.
      current = status({
        state: 'approved',
        verified: true,
        declaration: DECLARATION,
        can_edit: false,
        missing: [],
        submitted_at: '2026-11-20T10:00:00Z',
        provider: { name: 'sumsub', step: 'decided' },
        last_decision: {
          state: 'approved',
          reason_code: 'provider_approved',
          message: '',
          document_kinds: [],
          at: '2026-11-20T10:05:00Z',
        },
      });
      await act(() => vi.advanceTimersByTimeAsync(PROVIDER_POLL_MS));
      await waitFor(() => expect(screen.getByTestId('verification-state').textContent).toBe('Verified'));
      expect(reads()).toBe(before + 1);
      expect(screen.queryByTestId('verification-provider-step')).toBeNull();
      expect(screen.getByTestId('verification-decision-reason').textContent).toMatch(
        /^Approved by the verification provider/,
      );
      // Decided: no more polling.
      await act(() => vi.advanceTimersByTimeAsync(PROVIDER_POLL_MS * 3));
      expect(reads()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a refusal in the page’s language and reads the state again', async () => {
    current = atPartner('to_open');
    answer = (call) =>
      call.path === '/api/user/verification/provider-session'
        ? json(409, { error: messages.VerificationProviderNotAwaiting })
        : undefined;
    renderScreen(<VerificationScreen />, '/user/verification');
    fireEvent.click(await screen.findByTestId('verification-provider-open'));
    expect((await screen.findByTestId('verification-provider-error')).textContent).toBe(
      messages.VerificationProviderNotAwaiting.en,
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/user/verification').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('polls only while the check is with the partner', () => {
    expect(providerPollInterval(atPartner('with_provider'))).toBe(PROVIDER_POLL_MS);
    expect(providerPollInterval(atPartner('to_open'))).toBe(false);
    expect(providerPollInterval(atPartner('decided'))).toBe(false);
    expect(providerPollInterval(atPartner('with_provider', { state: 'approved' }))).toBe(false);
    expect(providerPollInterval(status())).toBe(false);
    expect(providerStepShown(atPartner('decided'))).toBe(false);
    expect(providerStepShown(atPartner('to_open', { provider: { name: 'manual', step: 'none' } }))).toBe(false);
  });
});

describe('the identity step of a money action', () => {
  it('names the state and links to the page that resolves it (en, fr)', async () => {
    renderScreen(<VerificationStep state="not_started" testId="step" />);
    expect(screen.getByTestId('step-title').textContent).toBe('One step before you can invest');
    expect(screen.getByTestId('step-text').textContent).toBe(messages.VerificationRequired.en);
    expect(screen.getByTestId('step-link').getAttribute('href')).toBe('/user/verification');
    cleanup();
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<VerificationStep state="suspended" testId="step" />);
    expect(screen.getByTestId('step-title').textContent).toBe('Votre compte est en cours d’examen');
    expect(screen.getByTestId('step-text').textContent).toBe(messages.VerificationSuspended.fr);
    expect(screen.getByTestId('step-link').textContent).toBe('Voir ma vérification');
  });
});
