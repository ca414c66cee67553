// @vitest-environment jsdom

import type { TKeyInformationStatus, TKeyInformationVersion } from '@parcelle/shared/contracts/key-information';
import { messages } from '@parcelle/shared/i18n/messages';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { KeyInformationScreen } from './KeyInformationScreen';
import { KeyInformationStep } from './KeyInformationStep';

const WORK = '11111111-1111-4111-8111-111111111111';
const VERSION_ID = '22222222-2222-4222-8222-222222222222';

function status(overrides: Partial<TKeyInformationStatus> = {}): TKeyInformationStatus {
  return {
    required: true,
    published: true,
    version_id: VERSION_ID,
    version: 3,
    content_hash: 'c'.repeat(64),
    acknowledged: false,
    acknowledged_at: null,
    page: `/key-information/${WORK}`,
    ...overrides,
  };
}

const doc = (lang: 'en' | 'fr') => ({
  title: lang === 'en' ? 'Key information document — Bleu' : 'Document d’informations clés — Bleu',
  subtitle: 'Hélène Marchetti, 2020',
  sections: [
    {
      id: 'risks',
      heading: lang === 'en' ? 'Risks' : 'Risques',
      paragraphs: [lang === 'en' ? 'Total loss.' : 'Perte totale.'],
    },
  ],
});
const VERSION: TKeyInformationVersion = {
  id: VERSION_ID,
  painting_id: WORK,
  version: 3,
  content_hash: 'c'.repeat(64),
  registration_number: 'AMF-2026-0003',
  published_at: '2026-11-20T10:00:00.000Z',
  en: doc('en'),
  fr: doc('fr'),
  pdf: { en: `/api/paintings/${WORK}/key-information/3/en/pdf`, fr: `/api/paintings/${WORK}/key-information/3/fr/pdf` },
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let current: TKeyInformationStatus;

const json = (code: number, payload: unknown) =>
  new Response(JSON.stringify(payload), { status: code, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  initI18n();
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  current = status();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.path === `/api/user/key-information/${WORK}/acknowledge`) {
        current = status({ acknowledged: true, acknowledged_at: '2026-11-28T10:00:00.000Z' });
        return json(200, { status: 200, data: current, message: messages.KeyInformationAcknowledged });
      }
      if (call.path === `/api/user/key-information/${WORK}`)
        return json(200, { status: 200, data: current, message: messages.Ok });
      if (call.path === `/api/paintings/${WORK}/key-information`)
        return json(200, { status: 200, data: VERSION, message: messages.Ok });
      return json(404, { status: 404, error: messages.NotFound });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the key information step', () => {
  it('asks to open the document first, then to confirm the version read, and records it in the page’s language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<KeyInformationStep paintingId={WORK} status={status()} />);
    expect(screen.getByTestId('key-information-step-text').textContent).toBe(messages.KeyInformationRequired.fr);
    const read = screen.getByTestId('key-information-step-read').querySelector('input') as HTMLInputElement;
    const confirm = screen.getByTestId('key-information-step-confirm') as HTMLButtonElement;
    expect(read.disabled).toBe(true);
    expect(confirm.disabled).toBe(true);
    const pdf = screen.getByTestId('key-information-step-pdf-fr') as HTMLAnchorElement;
    expect(pdf.getAttribute('href')).toBe(`/api/paintings/${WORK}/key-information/3/fr/pdf`);
    expect(pdf.getAttribute('target')).toBe('_blank');
    fireEvent.click(pdf);
    expect(read.disabled).toBe(false);
    fireEvent.click(read);
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/user/key-information/${WORK}/acknowledge`,
      body: { version_id: VERSION_ID, language: 'fr' },
    });
  });

  it('says a work with no published document cannot be bought yet, with nothing to confirm', () => {
    renderScreen(
      <KeyInformationStep paintingId={WORK} status={status({ published: false, version: null, version_id: null })} />,
    );
    expect(screen.getByTestId('key-information-step-text').textContent).toBe(messages.KeyInformationUnpublished.en);
    expect(screen.queryByTestId('key-information-step-confirm')).toBeNull();
  });
});

describe('the document page', () => {
  it('shows the stored version in the page’s language, its PDFs, and the member’s confirmation once given', async () => {
    renderScreen(<KeyInformationScreen paintingId={WORK} />, `/key-information/${WORK}`);
    expect((await screen.findByTestId('key-information-title')).textContent).toBe('Key information document — Bleu');
    expect(screen.getByText('Total loss.')).toBeTruthy();
    expect(screen.getByTestId('key-information-version').textContent).toContain('AMF-2026-0003');
    expect(screen.getByTestId('key-information-pdf-en').getAttribute('href')).toBe(VERSION.pdf.en);
    const step = await screen.findByTestId('key-information-acknowledge');
    fireEvent.click(screen.getByTestId('key-information-acknowledge-page'));
    fireEvent.click(step.querySelector('input[type="checkbox"]') as HTMLInputElement);
    fireEvent.click(screen.getByTestId('key-information-acknowledge-confirm'));
    expect(await screen.findByTestId('key-information-acknowledged')).toBeTruthy();
  });
});
