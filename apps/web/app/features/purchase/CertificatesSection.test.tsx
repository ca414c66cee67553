// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { CertificatesSection } from './CertificatesSection';

const NUMBER = 'PCL-2026-7QX4M9T2KD';
const LIST = {
  certificates: [
    {
      number: NUMBER,
      issued_at: '2026-03-02T10:00:00Z',
      quantity: 18,
      holder_name: 'Jon Lund',
      language: 'en',
      purchase_id: 'pur-1',
      painting: {
        id: 'p-raw',
        title: { en: 'Raw Linen No. 12', fr: 'Lin brut nº 12' },
        artist: { id: 'a1', name: 'Elsa Vanterpool' },
        year: 2017,
        cover_img: 'artworks/raw/cover.webp',
        market: 2,
      },
    },
  ],
  total: 1,
  base_url: 'http://localhost/media/',
};

let requests: { url: string; headers: Record<string, string> }[];

beforeEach(async () => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  initI18n();
  await act(() => i18n.changeLanguage('en'));
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push({ url, headers: (init.headers ?? {}) as Record<string, string> });
      if (url.endsWith('/pdf'))
        return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      return new Response(JSON.stringify({ status: 200, data: LIST }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:certificate');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('My certificates', () => {
  it('lists the certificates with their verification page and downloads the PDF with the token', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(<CertificatesSection />, '/user/profile');
    const row = await screen.findByTestId('profile-certificate');
    expect(row.getAttribute('data-number')).toBe(NUMBER);
    expect(row.textContent).toContain('Raw Linen No. 12');
    expect(row.textContent).toContain('18 parts (2 cm²)');
    expect(within(row).getByTestId('profile-certificate-verify').getAttribute('href')).toBe(
      `/certificates/verify/${NUMBER}`,
    );
    expect(requests[0]?.url).toContain('/api/member/certificates?limit=10&offset=0');

    fireEvent.click(within(row).getByTestId('profile-certificate-download'));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const pdf = requests.find((request) => request.url.endsWith('/pdf'));
    expect(pdf?.url).toBe(`/api/member/certificates/${NUMBER}/pdf`);
    expect(pdf?.headers.Authorization).toBe('Bearer access');
    expect(URL.createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });
});
