import { describe, expect, it } from 'vitest';
import { bookAmountText, notificationText } from './notification-texts';

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

const expired = (display: Record<string, unknown>) =>
  ({
    kind: 'bid_expired',
    payload: {
      bid_id: '00000000-0000-4000-8000-000000000003',
      painting_id: '00000000-0000-4000-8000-000000000002',
      quantity: 2,
      unit_price_minor: 400,
      currency: 'EURO',
      ...display,
    },
  }) as Parameters<typeof notificationText>[1];

describe('a bid expired, in the member’s currency (issue 31)', () => {
  it('gives the bid’s price in dollars with the book’s euros beside it, in both languages', () => {
    const dollars = expired({ display_unit_price_minor: 432, display_currency: 'USD' });
    expect(plain(notificationText('en', dollars, 'Waterlilies').body)).toBe(
      'Your bid for 2 parts of “Waterlilies” at $4.32 (€4.00 in the book) a part expired without being filled. The money it held is back in your account.',
    );
    expect(plain(notificationText('fr', dollars, 'Nymphéas').body)).toBe(
      'Votre offre d’achat de 2 parts de « Nymphéas » à 4,32 $US (4,00 € dans le carnet) la part a expiré sans être exécutée. La somme qu’elle bloquait est revenue sur votre compte.',
    );
  });

  it('keeps the euros alone for a member who displays euros (or a notice from before)', () => {
    expect(plain(notificationText('en', expired({}), 'Waterlilies').body)).toMatch(/ at €4\.00 a part expired /);
    expect(plain(notificationText('fr', expired({}), 'Nymphéas').body)).toMatch(/ à 4,00 € la part a expiré /);
  });
});

describe('bookAmountText', () => {
  const book = { minor: 1234, currency: 'EURO' } as const;
  it('writes the display currency first, the book’s euros beside it', () => {
    expect(plain(bookAmountText(book, { minor: 1336, currency: 'USD' }, 'en'))).toBe('$13.36 (€12.34 in the book)');
    expect(plain(bookAmountText(book, { minor: 1336, currency: 'USD' }, 'fr'))).toBe(
      '13,36 $US (12,34 € dans le carnet)',
    );
  });

  it('writes what a euro member was paid alone, and the book alone without a display amount', () => {
    expect(plain(bookAmountText(book, { minor: 1233, currency: 'EURO' }, 'en'))).toBe('€12.33');
    expect(plain(bookAmountText(book, null, 'fr'))).toBe('12,34 €');
  });
});

const sold = (parts: number, wallet: { amount_minor: number; currency: 'EURO' | 'USD' }) =>
  ({
    kind: 'parts_sold',
    payload: {
      purchase_id: '00000000-0000-4000-8000-000000000004',
      painting_id: '00000000-0000-4000-8000-000000000002',
      parts,
      ...wallet,
      book_amount_minor: 1_350,
      book_currency: 'EURO',
    },
  }) as Parameters<typeof notificationText>[1];

describe('listed parts sold (issue 31)', () => {
  it('tells the seller what their wallet received, in dollars with the book’s euros beside, in both languages', () => {
    const dollars = sold(3, { amount_minor: 1_458, currency: 'USD' });
    const en = notificationText('en', dollars, 'Waterlilies');
    expect(en.title).toBe('Your parts were sold: “Waterlilies”');
    expect(plain(en.body)).toBe(
      '3 parts of “Waterlilies” that you listed for sale were bought. Your Parcelle wallet has been credited with $14.58 (€13.50 in the book).',
    );
    const fr = notificationText('fr', dollars, 'Nymphéas');
    expect(plain(fr.title)).toBe('Vos parts ont été vendues : « Nymphéas »');
    expect(plain(fr.body)).toBe(
      '3 parts de « Nymphéas » que vous aviez mises en vente ont été achetées. Votre porte-monnaie Parcelle a été crédité de 14,58 $US (13,50 € dans le carnet).',
    );
  });

  it('writes euros alone for a euro wallet, and one part in the singular', () => {
    const euros = sold(1, { amount_minor: 1_350, currency: 'EURO' });
    expect(plain(notificationText('en', euros, 'Waterlilies').body)).toBe(
      '1 part of “Waterlilies” that you listed for sale was bought. Your Parcelle wallet has been credited with €13.50.',
    );
    expect(plain(notificationText('fr', euros, 'Nymphéas').body)).toBe(
      '1 part de « Nymphéas » que vous aviez mise en vente a été achetée. Votre porte-monnaie Parcelle a été crédité de 13,50 €.',
    );
  });
});

describe('a request for new documents (issue 29, decision 411)', () => {
  const asked = (documentKinds?: string[]) =>
    ({
      kind: 'verification_decided',
      payload: {
        decision: 'resubmission_requested',
        reason_code: 'document_unreadable',
        message: 'The photo is blurred.',
        ...(documentKinds ? { document_kinds: documentKinds } : {}),
      },
    }) as Parameters<typeof notificationText>[1];

  it('names the documents to send again before the operator’s message, in both languages', () => {
    expect(plain(notificationText('en', asked(['identity_back', 'proof_of_address']), '').body)).toBe(
      [
        'To finish verifying your identity, please complete your Verification page.',
        'Please send again:',
        '• The back of your identity card',
        '• A proof of address under 3 months old',
        'The photo is blurred.',
      ].join('\n\n'),
    );
    expect(plain(notificationText('fr', asked(['identity_front']), '').body)).toBe(
      [
        'Pour terminer la vérification de votre identité, veuillez compléter votre page Vérification.',
        'Veuillez renvoyer :',
        '• Votre pièce d’identité (recto, ou page photo du passeport)',
        'The photo is blurred.',
      ].join('\n\n'),
    );
  });

  it('reads as before for a notice without kinds (a provider’s request, or one sent before)', () => {
    expect(notificationText('en', asked(), '').body).toBe(
      'To finish verifying your identity, please complete your Verification page.\n\nThe photo is blurred.',
    );
  });
});
