import { describe, expect, it } from 'vitest';
import { notificationText } from './notification-texts';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const filled = (display: Record<string, unknown>) =>
  ({
    kind: 'order_filled',
    payload: {
      order_id: '00000000-0000-4000-8000-000000000001',
      painting_id: '00000000-0000-4000-8000-000000000002',
      side: 'sell',
      quantity: 3,
      unit_price_minor: 450,
      currency: 'EURO',
      ...display,
    },
  }) as Parameters<typeof notificationText>[1];

describe('an order filled, in the member’s currency (issue 31)', () => {
  it('gives the price in dollars with the book’s euros beside it, labelled, in both languages', () => {
    const dollars = filled({ display_unit_price_minor: 486, display_currency: 'USD' });
    expect(plain(notificationText('en', dollars, 'Waterlilies').body)).toBe(
      'Your order was filled: 3 parts of “Waterlilies” sold at $4.86 (€4.50 in the book) a part.',
    );
    expect(plain(notificationText('fr', dollars, 'Nymphéas').body)).toBe(
      'Votre ordre a été exécuté : 3 parts de « Nymphéas » vendues à 4,86 $US (4,50 € dans le carnet) la part.',
    );
  });

  it('keeps the euros alone for a member who displays euros (or a notice from before)', () => {
    expect(plain(notificationText('en', filled({}), 'Waterlilies').body)).toBe(
      'Your order was filled: 3 parts of “Waterlilies” sold at €4.50 a part.',
    );
  });
});
