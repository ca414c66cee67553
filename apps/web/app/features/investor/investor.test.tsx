// @vitest-environment jsdom

import type { TInvestorProfile } from '@parcelle/shared/contracts/investor';
import { messages } from '@parcelle/shared/i18n/messages';
import { INVESTOR_WARNINGS, KNOWLEDGE_QUESTIONS, KNOWLEDGE_TEST_VERSION } from '@parcelle/shared/investor';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n, loadMemberTexts } from '../i18n/i18n';
import { ApiError } from '../session/api-error';
import { InvestmentWarning } from './InvestmentWarning';
import { InvestorProfileScreen } from './InvestorProfileScreen';
import { InvestorStep } from './InvestorStep';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function profile(overrides: Partial<TInvestorProfile> = {}): TInvestorProfile {
  return {
    protections: { category: true, knowledge_test: true, loss_simulation: true, investment_warning: true },
    category: 'non_sophisticated',
    sophistication: null,
    knowledge_test: null,
    loss_simulation: null,
    missing: ['investor_knowledge_test', 'investor_loss_simulation'],
    ready: false,
    investment_warning_threshold_minor: 100_000,
    current_test_version: KNOWLEDGE_TEST_VERSION,
    warnings: {
      knowledge_test_risk_warning: { ...INVESTOR_WARNINGS.knowledge_test_risk_warning },
      investment_warning: { ...INVESTOR_WARNINGS.investment_warning },
    },
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let current: TInvestorProfile;

const json = (status: number, payload: unknown) =>
  new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

const FAILED_TEST = {
  version: KNOWLEDGE_TEST_VERSION,
  passed: false,
  score: 2,
  max_score: 6,
  taken_at: '2026-11-28T10:00:00.000Z',
  valid_until: '2028-11-28T10:00:00.000Z',
  expired: false,
  warning_acknowledged: false,
};

const REQUEST: NonNullable<TInvestorProfile['sophistication']> = {
  id: '4f1c2a7e-0b7d-4c55-9a4e-2f0d6c1b9e11',
  state: 'pending',
  criteria: ['income_or_portfolio', 'market_transactions'],
  statement: 'Income of €80,000 a year; 12 trades a quarter on Euronext.',
  created_at: '2026-11-28T10:00:00.000Z',
  decided_at: null,
  valid_until: null,
  reason: null,
  documents: [],
};
const EVIDENCE = {
  id: '9a0b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
  content_type: 'application/pdf',
  size_bytes: 204_800,
  sha256: 'a'.repeat(64),
  uploaded_at: '2026-11-28T11:00:00.000Z',
};

beforeEach(async () => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  initI18n();
  await loadMemberTexts();
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  current = profile();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
      const call = { method: init.method ?? 'GET', path: url.pathname, body };
      calls.push(call);
      if (call.path === '/api/user/investor') return json(200, { status: 200, data: current, message: messages.Ok });
      if (call.path === '/api/user/profile') {
        return json(200, { status: 200, data: { user: { curr: 'EURO' } }, message: messages.Ok });
      }
      if (call.path === '/api/user/investor/knowledge-test') {
        current = profile({
          knowledge_test: FAILED_TEST,
          missing: ['investor_risk_warning', 'investor_loss_simulation'],
        });
        return json(200, { status: 200, data: current, message: messages.KnowledgeTestFailed });
      }
      if (call.path === '/api/user/investor/risk-warning') {
        current = profile({
          knowledge_test: { ...FAILED_TEST, warning_acknowledged: true },
          missing: ['investor_loss_simulation'],
        });
        return json(200, { status: 200, data: current, message: messages.WarningAcknowledged });
      }
      if (call.path === '/api/user/investor/loss-simulation') {
        current = profile({
          knowledge_test: { ...FAILED_TEST, warning_acknowledged: true },
          loss_simulation: {
            currency: 'EURO',
            annual_income_minor: 4_000_000,
            liquid_assets_minor: 7_000_000,
            annual_commitments_minor: 1_000_000,
            net_worth_minor: 10_000_000,
            loss_capacity_minor: 1_000_000,
            created_at: '2026-11-28T10:00:00.000Z',
            valid_until: '2028-11-28T10:00:00.000Z',
            expired: false,
          },
          missing: [],
          ready: true,
          investment_warning_threshold_minor: 500_000,
        });
        return json(200, { status: 200, data: current, message: messages.LossSimulationSaved });
      }
      if (call.path === `/api/user/investor/sophistication/${REQUEST.id}/documents` && call.method === 'POST') {
        current = profile({ sophistication: { ...REQUEST, documents: [EVIDENCE] } });
        return json(200, { status: 200, data: current, message: messages.SophisticationDocumentSaved });
      }
      if (call.path === `/api/user/investor/sophistication/${REQUEST.id}/documents/${EVIDENCE.id}`) {
        return new Response(new Blob(['%PDF-1.7 evidence']), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        });
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

describe('/user/investor-profile (issue 30)', () => {
  it('shows what is missing, refuses an incomplete test, sends the answers, then the risk warning', async () => {
    renderScreen(<InvestorProfileScreen />, '/user/investor-profile');
    const status = await screen.findByTestId('investor-status');
    expect(within(status).getByText('2 steps are left before you can invest:')).toBeTruthy();
    fireEvent.click(screen.getByTestId('investor-test-submit'));
    expect(await screen.findByTestId('investor-test-error')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    for (const question of KNOWLEDGE_QUESTIONS) {
      fireEvent.click(screen.getByTestId(`investor-answer-${question.id}-${question.options[0]?.id}`));
    }
    fireEvent.click(screen.getByTestId('investor-test-submit'));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/investor/knowledge-test')).toBe(true));
    const sent = calls.find((call) => call.path === '/api/user/investor/knowledge-test')?.body as {
      version: string;
      answers: Record<string, string>;
    };
    expect(sent.version).toBe(KNOWLEDGE_TEST_VERSION);
    expect(Object.keys(sent.answers)).toHaveLength(KNOWLEDGE_QUESTIONS.length);
    // The score is the server's: the page shows its answer and the regulation's warning.
    const warning = await screen.findByTestId('investor-risk-warning-text');
    expect(warning.textContent).toBe(INVESTOR_WARNINGS.knowledge_test_risk_warning.en);
    fireEvent.click(screen.getByTestId('investor-risk-warning-accept'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/user/investor/risk-warning')?.body).toEqual({
        version: INVESTOR_WARNINGS.knowledge_test_risk_warning.version,
        language: 'en',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('investor-risk-warning')).toBeNull());
  }, 90_000);

  it('simulates the loss in minor units and shows the net worth and the 10 % back, formatted per language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<InvestorProfileScreen />, '/user/investor-profile');
    fireEvent.change(await screen.findByTestId('investor-annual_income_minor'), { target: { value: '40000' } });
    fireEvent.change(screen.getByTestId('investor-liquid_assets_minor'), { target: { value: '70 000' } });
    fireEvent.change(screen.getByTestId('investor-annual_commitments_minor'), { target: { value: '10000' } });
    expect(plain(screen.getByTestId('investor-simulation-preview').textContent)).toContain('100 000,00 €');
    expect(plain(screen.getByTestId('investor-simulation-preview').textContent)).toContain('10 000,00 €');
    fireEvent.click(screen.getByTestId('investor-simulation-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/user/investor/loss-simulation')?.body).toEqual({
        annual_income_minor: 4_000_000,
        liquid_assets_minor: 7_000_000,
        annual_commitments_minor: 1_000_000,
      }),
    );
    expect(await screen.findByTestId('investor-ready')).toBeTruthy();
    expect(plain(screen.getByTestId('investor-threshold').textContent)).toContain('5 000,00 €');
  }, 60_000);
});

describe('the evidence of a sophistication request (decision 328)', () => {
  it('attaches a file to the pending request and opens it with the member’s token', async () => {
    current = profile({ sophistication: REQUEST });
    // jsdom has no object URLs (as in CertificatesSection.test.tsx).
    const createObjectURL = vi.fn(() => 'blob:evidence');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    renderScreen(<InvestorProfileScreen />, '/user/investor-profile');
    const section = await screen.findByTestId('investor-evidence');
    expect(within(section).getByTestId('investor-evidence-none')).toBeTruthy();
    expect(plain(section.textContent)).toContain('up to 10 files');
    const file = new File(['%PDF-1.7 evidence'], 'payslip.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('investor-evidence-input'), { target: { files: [file] } });
    const row = await screen.findByTestId(`investor-evidence-${EVIDENCE.id}`);
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.path).toBe(`/api/user/investor/sophistication/${REQUEST.id}/documents`);
    expect(sent?.body instanceof FormData && sent.body.get('file')).toBeInstanceOf(File);
    expect(plain(row.textContent)).toContain('Document 1 · PDF · 200 kB');

    fireEvent.click(screen.getByTestId(`investor-evidence-open-${EVIDENCE.id}`));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const fetched = vi.mocked(fetch).mock.calls.find(([input]) => String(input).endsWith(`/documents/${EVIDENCE.id}`));
    expect(new Headers(fetched?.[1]?.headers).get('Authorization')).toBe('Bearer access');
  });

  it('refuses a file of another type before sending it, in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    current = profile({ sophistication: REQUEST });
    renderScreen(<InvestorProfileScreen />, '/user/investor-profile');
    await screen.findByTestId('investor-evidence');
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('investor-evidence-input'), { target: { files: [file] } });
    expect(plain((await screen.findByTestId('investor-evidence-error')).textContent)).toBe(
      'Envoyez un PDF, un JPEG ou un PNG.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('lists the files of a decided request without offering to attach more', async () => {
    current = profile({
      category: 'sophisticated',
      sophistication: {
        ...REQUEST,
        state: 'approved',
        decided_at: '2026-11-29T10:00:00.000Z',
        valid_until: '2028-11-29T10:00:00.000Z',
        documents: [EVIDENCE],
      },
    });
    renderScreen(<InvestorProfileScreen />, '/user/investor-profile');
    expect(await screen.findByTestId(`investor-evidence-${EVIDENCE.id}`)).toBeTruthy();
    expect(screen.queryByTestId('investor-evidence-choose')).toBeNull();
    expect(screen.queryByTestId('investor-evidence-input')).toBeNull();
  });
});

describe('the buying screens’ investor panels', () => {
  it('the step names what is missing and links to the page the API named', () => {
    renderScreen(
      <InvestorStep
        error={
          new ApiError(403, messages.InvestorLossSimulationRequired, {
            step: 'investor_loss_simulation',
            page: '/user/investor-profile',
          })
        }
      />,
    );
    expect(screen.getByTestId('investor-step').getAttribute('data-step')).toBe('investor_loss_simulation');
    expect(screen.getByTestId('investor-step-text').textContent).toBe(messages.InvestorLossSimulationRequired.en);
    expect(screen.getByTestId('investor-step-link').getAttribute('href')).toBe('/user/investor-profile');
  });

  it('the per-investment warning shows its text and threshold and reports the box ticked', () => {
    const accepted = vi.fn();
    renderScreen(
      <InvestmentWarning
        check={{
          required: true,
          threshold_minor: 500_000,
          currency: 'EURO',
          warning: { ...INVESTOR_WARNINGS.investment_warning },
        }}
        currency="EURO"
        accepted={false}
        onAccept={accepted}
      />,
    );
    expect(screen.getByTestId('investment-warning-text').textContent).toBe(INVESTOR_WARNINGS.investment_warning.en);
    expect(plain(screen.getByTestId('investment-warning-threshold').textContent)).toContain('€5,000.00');
    fireEvent.click(screen.getByTestId('investment-warning-accept'));
    expect(accepted).toHaveBeenCalledWith(true);
  });
});
