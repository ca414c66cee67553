// @vitest-environment jsdom
import type { TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { messages } from '@parcelle/shared/i18n/messages';
import { INVESTOR_WARNINGS } from '@parcelle/shared/investor';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { ok, stubApi } from '../content/testing';
import { i18n } from '../i18n/i18n';
import { setCurrency } from '../preferences/currency';
import { OrderForm } from './OrderForm';
import { paintingDetail } from './test-fixtures';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

const painting = paintingDetail();
const clean = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const trade = (quantity: number, minor: number) => ({
  reference: `TR-${minor}`,
  painting_id: painting.id,
  quantity,
  price_per_part: { value: minor / 100, curr: 'EURO' },
  price_per_part_minor: minor,
  t: '2026-11-20T10:00:00.000Z',
});

async function typeCode() {
  const otp = within(await screen.findByTestId('otp-dialog', {}, { timeout: 10_000 }));
  fireEvent.change(otp.getByTestId('otp-dialog-input'), { target: { value: '123456' } });
  fireEvent.click(otp.getByTestId('otp-dialog-submit'));
}

const codeApi = {
  '/api/paintings/purchase/code': ok({ sent_to: 'phone' }),
  '/api/user/profile': ok({ user: { email: 'c@example.com', phone: { code: '+33', number: '612345678' } } }),
};
const book = {
  painting_id: painting.id,
  market: 3,
  mode: 'matching',
  min_price_minor: 200,
  max_price_minor: 800,
  reference_price_minor: 400,
  eur_usd_rate: '1.08',
} as unknown as TOrderBook;

describe('the order form (issue 26)', () => {
  it('confirms a bid with one wallet code, typed in the code dialog, and places it once', async () => {
    const bodies: unknown[] = [];
    const fetch = stubApi({
      '/api/paintings/purchase/code': ok({ sent_to: 'phone' }),
      '/api/user/profile': ok({ user: { email: 'c@example.com', phone: { code: '+33', number: '612345678' } } }),
      '/api/paintings/bids': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return ok({ bid: {}, trades: [] }, messages.BidPlaced);
      },
    });
    renderScreen(<OrderForm painting={painting} book={book} />);
    fireEvent.change(screen.getByTestId('order-parts'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '4.50' } });
    fireEvent.click(screen.getByTestId('order-submit'));
    const otp = within(await screen.findByTestId('otp-dialog', {}, { timeout: 10_000 }));
    fireEvent.change(otp.getByTestId('otp-dialog-input'), { target: { value: '123456' } });
    fireEvent.click(otp.getByTestId('otp-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('order-done').getAttribute('data-state')).toBe('resting'));
    expect(clean(screen.getByTestId('order-done').textContent)).toBe(
      'Bid placedBid for: 2 parts at up to $4.86 (€4.50 in the book). Nothing bought yet; you will be told when parts are bought.',
    );
    expect(bodies).toEqual([
      {
        painting_id: painting.id,
        total_part: 2,
        price_per_part_minor: 450,
        verification_code: '123456',
        expires_in_days: 30,
      },
    ]);
    // The code dialog's own submit does not reach the order form: one code sent, not a second order.
    const sent = fetch.mock.calls.filter(([url]) => String(url).includes('/api/paintings/purchase/code'));
    expect(sent).toHaveLength(1);
  });
});

describe('one way to sell (issue 31)', () => {
  it('shows the fees and what the seller receives before confirming, refuses a price outside the bounds, and says what filled', async () => {
    setCurrency('USD');
    const bodies: unknown[] = [];
    stubApi({
      ...codeApi,
      '/api/paintings/sale': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return ok({ trades: [trade(2, 480), trade(1, 450)] }, messages.PartsListed);
      },
    });
    renderScreen(<OrderForm painting={painting} book={book} />);
    fireEvent.click(within(screen.getByTestId('order-side-ask')).getByRole('radio'));
    // The price starts at the reference price; parts × price, no fee, the proceeds, in dollars with the euros.
    expect((screen.getByTestId('order-price') as HTMLInputElement).value).toBe('4.00');
    fireEvent.change(screen.getByTestId('order-parts'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('order-submit'));
    expect(clean(screen.getByTestId('order-price-help').textContent)).toBe('The price per part is at most €8.00');
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '4,40' } });
    expect(clean(screen.getByTestId('order-gross').textContent)).toBe('$23.76 (€22.00 in the book)');
    expect(screen.getByTestId('order-fees').textContent).toBe('None');
    expect(clean(screen.getByTestId('order-net').textContent)).toBe('$23.76 (€22.00 in the book)');
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    fireEvent.click(screen.getByTestId('order-submit'));
    await typeCode();
    const done = await screen.findByTestId('order-done', {}, { timeout: 10_000 });
    expect(bodies).toEqual([
      { painting_id: painting.id, total_part: 5, price_per_part_minor: 440, verification_code: '123456' },
    ]);
    expect(done.getAttribute('data-state')).toBe('partly-filled');
    expect(clean(done.textContent)).toBe(
      'Partly filledSold: 3 parts at $4.86 (€4.50 in the book) to $5.18 (€4.80 in the book) per part, $15.23 (€14.10 in the book) in all, paid into your wallet. Still on offer: 2 parts at $4.75 (€4.40 in the book).',
    );
  }, 20_000);

  it('in French, for a member who displays euros: filled, with the parts, the price and the amount', async () => {
    setCurrency('EURO');
    await act(() => i18n.changeLanguage('fr'));
    stubApi({ ...codeApi, '/api/paintings/sale': ok({ trades: [trade(3, 450)] }, messages.PartsListed) });
    renderScreen(<OrderForm painting={painting} book={book} />);
    fireEvent.click(within(screen.getByTestId('order-side-ask')).getByRole('radio'));
    fireEvent.change(screen.getByTestId('order-parts'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('order-submit'));
    expect(clean(screen.getByTestId('order-price-help').textContent)).toBe('Le prix par part est d’au moins 2,00 €');
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '4,50' } });
    expect(screen.getByTestId('order-fees').textContent).toBe('Aucuns');
    expect(clean(screen.getByTestId('order-net').textContent)).toBe('13,50 €');
    fireEvent.click(screen.getByTestId('order-submit'));
    await typeCode();
    const done = await screen.findByTestId('order-done', {}, { timeout: 10_000 });
    expect(clean(done.textContent)).toBe(
      'ExécutéVendu : 3 parts à 4,50 € la part, soit 13,50 €, versé sur votre porte-monnaie.',
    );
  }, 20_000);
});

describe('the per-investment warning in the order form (issue 30, decision 558)', () => {
  it('holds a bid above the threshold until the box is ticked, then sends the consent with the text’s version', async () => {
    window.localStorage.setItem('token', 'a-session');
    const bodies: unknown[] = [];
    const check = {
      required: true,
      threshold_minor: 1_000_000,
      currency: 'EURO',
      warning: { ...INVESTOR_WARNINGS.investment_warning },
    };
    stubApi({
      ...codeApi,
      '/api/user/investor/investment-warning': ok(check),
      '/api/paintings/bids': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return ok({ bid: {}, trades: [] }, messages.BidPlaced);
      },
    });
    renderScreen(<OrderForm painting={painting} book={book} />);
    fireEvent.change(screen.getByTestId('order-parts'), { target: { value: '6000' } });
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '2' } });
    const warning = await screen.findByRole('region', { name: 'Before you invest this amount' }, { timeout: 10_000 });
    expect(warning.getAttribute('data-testid')).toBe('order-investment-warning');
    expect(screen.getByTestId('order-investment-warning-text').textContent).toBe(
      INVESTOR_WARNINGS.investment_warning.en,
    );
    const submit = screen.getByTestId('order-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(warning).getByLabelText(/I have read this warning/));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await typeCode();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      painting_id: painting.id,
      total_part: 6000,
      price_per_part_minor: 200,
      verification_code: '123456',
      expires_in_days: 30,
      risk_warning_consent: { version: INVESTOR_WARNINGS.investment_warning.version, language: 'en' },
    });
  }, 20_000);
});
