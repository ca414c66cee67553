// @vitest-environment jsdom
import type { TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { messages } from '@parcelle/shared/i18n/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { ok, stubApi } from '../content/testing';
import { OrderForm } from './OrderForm';
import { paintingDetail } from './test-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const painting = paintingDetail();
const book = {
  painting_id: painting.id,
  market: 3,
  mode: 'matching',
  min_price_minor: 200,
  max_price_minor: 800,
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
    await waitFor(() => expect(screen.getByTestId('order-done').textContent).toBe(messages.BidPlaced.en));
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
