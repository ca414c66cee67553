// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { failed, ok, stubApi } from '../content/testing';
import { i18n, initI18n } from '../i18n/i18n';
import { CertificateVerifyScreen } from './CertificateVerifyScreen';

const NUMBER = 'PCL-2026-7K3M9QX2VA';
const NOT_FOUND = { en: 'No certificate has this number.', fr: 'Aucun certificat ne porte ce numéro.' };
const VERIFIED = {
  status: 'valid',
  provisional_until: null,
  revoked_at: null,
  number: NUMBER,
  issued_at: '2026-03-05T10:00:00.000Z',
  quantity: 1820,
  holder_initials: 'J. D.',
  painting: {
    id: 'p-raw',
    title: { en: 'Raw Linen No. 12', fr: 'Lin brut nº 12' },
    artist: { id: 'a-elsa', name: 'Elsa Vanterpool' },
    year: 2017,
    cover_img: 'artworks/raw/cover.webp',
    market: 2,
  },
  base_url: 'http://localhost:3000/media/',
};

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const screenState = () => screen.getByTestId('certificate-verify-screen').getAttribute('data-state');
const text = (testId: string) => plain(screen.getByTestId(testId).textContent);

beforeEach(async () => {
  initI18n();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

function show(number = NUMBER) {
  return renderScreen(<CertificateVerifyScreen number={number} />, `/certificates/verify/${number}`);
}

describe('certificate verification page', () => {
  it('shows a genuine certificate in English', async () => {
    const fetch = stubApi({ [`/api/certificates/verify/${NUMBER}`]: ok(VERIFIED) });
    show();
    expect(screenState()).toBe('loading');
    await waitFor(() => expect(screenState()).toBe('valid'));
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/certificates/verify/${NUMBER}`);
    expect(screen.getByText('Genuine certificate')).toBeTruthy();
    expect(text('certificate-number')).toBe(NUMBER);
    expect(text('certificate-painting')).toContain('Raw Linen No. 12');
    expect(text('certificate-painting')).toContain('Elsa Vanterpool, 2017');
    expect(text('certificate-parts')).toBe('1,820 parts (202 cm² + 2 parts)');
    expect(text('certificate-date')).toBe('05 Mar 2026');
    expect(text('certificate-holder')).toBe('J. D.');
    const image = screen.getByTestId('certificate-image');
    expect(image.getAttribute('src')).toBe('http://localhost:3000/media/artworks/raw/cover.webp');
    expect(screen.getByRole('link', { name: 'See the work' }).getAttribute('href')).toBe(
      '/primary-market/details/p-raw',
    );
    expect(document.title).toBe('Certificate verification · Parcelle');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'co-ownership certificate',
    );
  });

  it('shows a genuine certificate in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi({ [`/api/certificates/verify/${NUMBER}`]: ok(VERIFIED) });
    show();
    await waitFor(() => expect(screenState()).toBe('valid'));
    expect(screen.getByText('Certificat authentique')).toBeTruthy();
    expect(text('certificate-painting')).toContain('Lin brut nº 12');
    expect(text('certificate-parts')).toBe('1 820 parts (202 cm² + 2 parts)');
    expect(text('certificate-date')).toBe('05 mars 2026');
    expect(text('certificate-holder')).toBe('J. D.');
    expect(document.title).toBe('Vérification de certificat · Parcelle');
  });

  it('says nothing of a reflection period on a valid certificate', async () => {
    stubApi({ [`/api/certificates/verify/${NUMBER}`]: ok(VERIFIED) });
    show();
    await waitFor(() => expect(screenState()).toBe('valid'));
    expect(screen.getByTestId('certificate-verify-screen').getAttribute('data-status')).toBe('valid');
    expect(screen.queryByTestId('certificate-provisional')).toBeNull();
    expect(screen.queryByTestId('certificate-void')).toBeNull();
  });

  it('says a certificate is provisional until the last Paris day of its period (issue 30)', async () => {
    // The API's end is exclusive: 00:00 Paris on 10 March (23:00 UTC on the 9th) means until the 9th.
    const provisional = { ...VERIFIED, status: 'provisional', provisional_until: '2026-03-09T23:00:00.000Z' };
    stubApi({ [`/api/certificates/verify/${NUMBER}`]: ok(provisional) });
    show();
    await waitFor(() => expect(screenState()).toBe('valid'));
    expect(text('certificate-provisional')).toContain('Provisional until 09 Mar 2026');
    expect(screen.getByText('Genuine certificate')).toBeTruthy();
    await act(() => i18n.changeLanguage('fr'));
    expect(text('certificate-provisional')).toContain('Provisoire jusqu’au 09 mars 2026');
  });

  it('says a revoked purchase’s certificate is void, with the Paris date, and does not show it as genuine', async () => {
    // 23:30 UTC on 6 March is 00:30 on 7 March in Paris.
    const revoked = { ...VERIFIED, status: 'void', revoked_at: '2026-03-06T23:30:00.000Z' };
    stubApi({ [`/api/certificates/verify/${NUMBER}`]: ok(revoked) });
    show();
    await waitFor(() => expect(screen.queryByTestId('certificate-void')).not.toBeNull());
    expect(text('certificate-verify-message')).toBe('This certificate is void');
    expect(text('certificate-void')).toContain('Void — purchase revoked on 07 Mar 2026');
    expect(screen.queryByText('Genuine certificate')).toBeNull();
    expect(screen.queryByTestId('certificate-holder')).toBeNull();
    await act(() => i18n.changeLanguage('fr'));
    expect(text('certificate-void')).toContain('Caduc — achat annulé le 07 mars 2026');
  });

  it('says no certificate has the number when the API answers 404 (English), without retrying', async () => {
    const fetch = stubApi({ '/api/certificates/verify/PCL-2026-0000000000': failed(404, NOT_FOUND) });
    show('PCL-2026-0000000000');
    await waitFor(() => expect(screenState()).toBe('not-found'));
    expect(text('certificate-verify-message')).toBe('No certificate has this number');
    expect(text('certificate-searched-number')).toContain('PCL-2026-0000000000');
    expect(screen.queryByTestId('certificate-holder')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says no certificate has the number in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi({ '/api/certificates/verify/not-a-number': failed(404, NOT_FOUND) });
    show('not-a-number');
    await waitFor(() => expect(screenState()).toBe('not-found'));
    expect(text('certificate-verify-message')).toBe('Aucun certificat ne porte ce numéro');
    expect(text('certificate-searched-number')).toBe('Numéro vérifié : not-a-number');
  });

  it('offers to try again when the check itself fails', async () => {
    let calls = 0;
    stubApi({
      [`/api/certificates/verify/${NUMBER}`]: () => {
        calls += 1;
        return calls <= 2 ? failed(500, { en: 'Server error', fr: 'Erreur du serveur' }) : ok(VERIFIED);
      },
    });
    show();
    await waitFor(() => expect(screenState()).toBe('error'), { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('certificate-verify-retry'));
    await waitFor(() => expect(screenState()).toBe('valid'));
  });
});
