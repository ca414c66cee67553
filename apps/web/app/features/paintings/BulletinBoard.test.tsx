// @vitest-environment jsdom
import type { TOpenOrder, TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { messages } from '@parcelle/shared/i18n/messages';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { failed, ok, stubApi } from '../content/testing';
import { i18n } from '../i18n/i18n';
import { setCurrency } from '../preferences/currency';
import { BulletinBoard } from './BulletinBoard';
import { BookRate } from './book-cells';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  setCurrency('EURO');
  await act(() => i18n.changeLanguage('en'));
});

const order = (reference: string, priceMinor: number, quantity: number): TOpenOrder => ({
  reference,
  price_per_part: { value: priceMinor / 100, curr: 'EURO' },
  price_per_part_minor: priceMinor,
  quantity,
  placed_at: '2026-11-20T10:00:00.000Z',
});

const book: TOrderBook = {
  painting_id: 'p-1',
  market: 3,
  mode: 'bulletin_board',
  asks: [],
  bids: [],
  open_asks: [order('LST-1', 380, 12), order('LST-2', 420, 3)],
  open_bids: [order('BID-1', 350, 5)],
  last_trades: [],
  reference_price: { value: 4, curr: 'EURO' },
  reference_price_minor: 400,
  min_price_minor: 200,
  max_price_minor: 800,
  eur_usd_rate: null,
};

const clean = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** A member without two-step verification (the code dialog asks for the wallet code only). */
const profile = { email: 'camille@example.com', phone: { code: '+33', number: '612345678' }, two_factor: false };

/** Issue 26: the wallet code, typed in the same dialog as a wallet purchase's. */
async function typeCode(code: string) {
  const otp = within(await screen.findByTestId('otp-dialog'));
  fireEvent.change(otp.getByTestId('otp-dialog-input'), { target: { value: code } });
  fireEvent.click(otp.getByTestId('otp-dialog-submit'));
}

describe('the bulletin board (issue 17, EU 2020/1503 art. 25)', () => {
  it('lists each order; a member buys some parts of one ask at its price, and is told the trade is done', async () => {
    const fetch = stubApi({
      '/api/paintings/purchase/code': ok({ sent_to: 'phone' }),
      '/api/user/profile': ok({ user: profile }),
      '/api/paintings/sale/LST-1/accept': (_url, init) => {
        // Issue 26: the wallet code typed in the code dialog goes with the order.
        expect(JSON.parse(String(init?.body))).toEqual({ total_part: 4, verification_code: '123456' });
        return ok({ trades: [] }, messages.OrderAccepted);
      },
    });
    renderScreen(<BulletinBoard book={book} signedIn />);
    const asks = within(screen.getByTestId('board-asks'));
    expect(asks.getAllByRole('row').map((row) => clean(row.textContent))).toEqual([
      'Price per partPartsPlacedActions',
      '€3.8012 parts20 Nov 2026Buy',
      '€4.203 parts20 Nov 2026Buy',
    ]);
    fireEvent.click(asks.getByRole('button', { name: 'Buy from the offer of 12 parts at €3.80 per part' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy parts of this offer' }, { timeout: 15_000 }));
    expect(clean(screen.getByTestId('board-total').textContent)).toBe('Paid from your wallet: €45.60');
    fireEvent.change(dialog.getByRole('textbox', { name: /Parts/ }), { target: { value: '13' } });
    expect((dialog.getByRole('button', { name: 'Buy these parts' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByRole('textbox', { name: /Parts/ }), { target: { value: '4' } });
    expect(clean(screen.getByTestId('board-total').textContent)).toBe('Paid from your wallet: €15.20');
    fireEvent.click(dialog.getByRole('button', { name: 'Buy these parts' }));
    await typeCode('123456');
    await waitFor(() => expect(screen.getByTestId('board-done').textContent).toBe('Trade done.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/paintings/sale/LST-1/accept');
  });

  it('with two-step verification on, asks for the app’s code after the wallet code and sends both (issue 26)', async () => {
    const fetch = stubApi({
      '/api/paintings/purchase/code': ok({ sent_to: 'phone' }),
      '/api/user/profile': ok({ user: { ...profile, two_factor: true } }),
      '/api/paintings/sale/LST-2/accept': (_url, init) => {
        expect(JSON.parse(String(init?.body))).toEqual({
          total_part: 3,
          verification_code: '123456',
          totp_code: '987654',
        });
        return ok({ trades: [] }, messages.OrderAccepted);
      },
    });
    renderScreen(<BulletinBoard book={book} signedIn />);
    fireEvent.click(
      within(screen.getByTestId('board-asks')).getByRole('button', { name: /^Buy from the offer of 3 parts/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy parts of this offer' }, { timeout: 15_000 }));
    fireEvent.click(dialog.getByRole('button', { name: 'Buy these parts' }));
    await typeCode('123456');
    const app = within(await screen.findByTestId('totp-dialog'));
    fireEvent.change(app.getByTestId('totp-dialog-input'), { target: { value: '987654' } });
    fireEvent.click(app.getByTestId('totp-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('board-done').textContent).toBe('Trade done.'));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/paintings/sale/LST-2/accept');
  });

  it('sells into a bid; a refusal stays in the dialog, in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi({
      '/api/paintings/purchase/code': ok({ sent_to: 'phone' }),
      '/api/user/profile': ok({ user: profile }),
      '/api/paintings/bids/BID-1/accept': failed(400, messages.OwnOrder),
    });
    renderScreen(<BulletinBoard book={book} signedIn />);
    const bids = within(screen.getByTestId('board-bids'));
    fireEvent.click(bids.getByRole('button', { name: /^Vendre dans l’offre d’achat de 5 parts à 3,50.€ par part$/ }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Vendre des parts dans cette offre d’achat' }, { timeout: 15_000 }),
    );
    expect(clean(screen.getByTestId('board-total').textContent)).toBe('Versé sur votre porte-monnaie : 17,50 €');
    fireEvent.click(dialog.getByRole('button', { name: 'Vendre ces parts' }));
    await typeCode('123456');
    await waitFor(() => expect(screen.getByTestId('board-error').textContent).toBe(messages.OwnOrder.fr));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('marks the member’s own ask and bid as theirs, with nothing to accept, and asks only for theirs', async () => {
    const fetch = stubApi({
      '/api/paintings/sale': ok({ listings: [{ reference: 'LST-2' }], total: 1, base_url: '' }),
      '/api/paintings/bids': ok({ bids: [{ reference: 'BID-1' }], total: 1, base_url: '' }),
    });
    renderScreen(<BulletinBoard book={book} signedIn />);
    expect(clean((await screen.findByTestId('board-ask-own')).textContent)).toBe('Your order');
    const asks = within(screen.getByTestId('board-asks'));
    expect(asks.getAllByRole('row').map((row) => clean(row.textContent))).toEqual([
      'Price per partPartsPlacedActions',
      '€3.8012 parts20 Nov 2026Buy',
      '€4.203 parts20 Nov 2026Your order',
    ]);
    await waitFor(() => expect(screen.getByTestId('board-bid-own')).toBeTruthy());
    expect(within(screen.getByTestId('board-bids')).queryAllByRole('button')).toEqual([]);
    for (const path of ['/api/paintings/sale', '/api/paintings/bids']) {
      const asked = fetch.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .find((url) => url.pathname === path);
      expect(asked?.searchParams.get('painting_id'), path).toBe('p-1');
      expect(asked?.searchParams.get('status'), path).toBe('open');
    }
  });

  it('a member who displays dollars reads the order and its total in dollars, the book’s euros beside (issue 31)', async () => {
    setCurrency('USD');
    stubApi({ '/api/user/profile': ok({ user: profile }) });
    // The board sits in the order book, which gives the day's rate: €3.80 × 1.08 = $4.104 → $4.10.
    renderScreen(
      <BookRate.Provider value="1.08">
        <BulletinBoard book={book} signedIn />
      </BookRate.Provider>,
    );
    fireEvent.click(
      within(screen.getByTestId('board-asks')).getByRole('button', {
        name: 'Buy from the offer of 12 parts at $4.10 (€3.80 in the book) per part',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Buy parts of this offer' }, { timeout: 15_000 });
    expect(clean(dialog.textContent)).toContain('12 parts (1 cm² + 3 parts) at $4.10 (€3.80 in the book) per part.');
    // €45.60 × 1.08 = $49.248 → $49.25; 4 parts: €15.20 × 1.08 = $16.416 → $16.42.
    expect(clean(screen.getByTestId('board-total').textContent)).toBe(
      'Paid from your wallet: $49.25 (€45.60 in the book)',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Parts/ }), { target: { value: '4' } });
    expect(clean(screen.getByTestId('board-total').textContent)).toBe(
      'Paid from your wallet: $16.42 (€15.20 in the book)',
    );
  });

  it('and in French, selling into a bid', async () => {
    setCurrency('USD');
    await act(() => i18n.changeLanguage('fr'));
    stubApi({ '/api/user/profile': ok({ user: profile }) });
    renderScreen(
      <BookRate.Provider value="1.08">
        <BulletinBoard book={book} signedIn />
      </BookRate.Provider>,
    );
    fireEvent.click(
      within(screen.getByTestId('board-bids')).getByRole('button', {
        name: /^Vendre dans l’offre d’achat de 5 parts à 3,78.\$US \(3,50.€ dans le carnet\) par part$/,
      }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Vendre des parts dans cette offre d’achat' },
      { timeout: 15_000 },
    );
    expect(clean(dialog.textContent)).toContain('5 parts à 3,78 $US (3,50 € dans le carnet) par part.');
    expect(clean(screen.getByTestId('board-total').textContent)).toBe(
      'Versé sur votre porte-monnaie : 18,90 $US (17,50 € dans le carnet)',
    );
  });

  it('shows the orders to a visitor without an action, and asks them to sign in', () => {
    renderScreen(<BulletinBoard book={book} signedIn={false} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('Sign in to accept one of these orders at its price.')).toBeTruthy();
    expect(within(screen.getByTestId('board-bids')).getAllByRole('row')).toHaveLength(2);
  });
});
