import { formatPartsQuantity } from '@parcelle/shared/parts';
import { describe, expect, it } from 'vitest';
import { buyFormSchema } from './buy-form';
import { cardFormProblem, formatCardNumber, formatExpiry } from './CardModal';
import {
  amountText,
  availableParts,
  currencySymbol,
  formatOrderTotal,
  minorOf,
  orderTotalMinor,
  parseAmountMinor,
  parseQuantity,
  paymentProblem,
  quantityDigits,
  quantityProblem,
  walletCovers,
} from './order';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('order arithmetic', () => {
  it('turns API amounts into cents once, without float noise', () => {
    expect(minorOf({ value: 0.58 })).toBe(58);
    expect(minorOf({ value: 1.15 })).toBe(115);
    expect(minorOf({ value: 8.39 })).toBe(839);
    expect(minorOf({ value: 0.1 + 0.2 })).toBe(30);
  });

  it('multiplies the price per part by the quantity in integers (2 decimals)', () => {
    expect(orderTotalMinor(58, 9)).toBe(522);
    expect(orderTotalMinor(115, 3)).toBe(345);
    // 0.29 × 7 is 2.0299999… in floats; in cents it is exact.
    expect(orderTotalMinor(29, 7)).toBe(203);
    expect(orderTotalMinor(58, null)).toBeNull();
    expect(plain(formatOrderTotal(29, 7, 'USD', 'en'))).toBe('$2.03');
    expect(plain(formatOrderTotal(58, 1800, 'EURO', 'fr'))).toBe('1 044,00 €');
    expect(plain(formatOrderTotal(58, null, 'USD', 'en'))).toBe('$0.00');
  });

  it('reads the quantity typed as whole parts', () => {
    expect(quantityDigits('1 8a0')).toBe('180');
    expect(quantityDigits('0009')).toBe('9');
    expect(parseQuantity('18')).toBe(18);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('0')).toBeNull();
  });

  it('shows the surface from 9 parts, in English and French', () => {
    expect(formatPartsQuantity(5, 'en')).toBe('5 parts');
    expect(formatPartsQuantity(9, 'en')).toBe('9 parts (1 cm²)');
    expect(formatPartsQuantity(20, 'en')).toBe('20 parts (2 cm² + 2 parts)');
    expect(plain(formatPartsQuantity(1800, 'fr'))).toBe('1 800 parts (200 cm²)');
    expect(formatPartsQuantity(1, 'fr')).toBe('1 part');
  });

  it('bounds the quantity by the parts available', () => {
    expect(availableParts({ total_part: 100, sold_out_part: 40 })).toBe(60);
    expect(availableParts({ total_part: 100, sold_out_part: 140 })).toBe(0);
    expect(quantityProblem(null, 60)).toBe('SelectShares');
    expect(quantityProblem(61, 60)).toBe('NotEnoughParts');
    expect(quantityProblem(60, 60)).toBeNull();
  });
});

describe('validation messages', () => {
  const schema = buyFormSchema(60);

  it('asks for parts, a holder and the responsibility box', () => {
    const result = schema.safeParse({ quantity: '', owner: '  ', responsibility: false });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(byField).toEqual({
      quantity: 'SelectShares',
      owner: 'OwnerNameRequired',
      responsibility: 'ResponsibilityRequired',
    });
    expect(schema.safeParse({ quantity: '9', owner: 'Ada Lund', responsibility: true }).success).toBe(true);
  });

  it('checks the drawer: a method first, then the shares', () => {
    expect(paymentProblem(null, 9, 60, 'Ada')).toBe('SelectPaymentMethod');
    expect(paymentProblem('card', null, 60, 'Ada')).toBe('SelectShares');
    expect(paymentProblem('card', 61, 60, 'Ada')).toBe('SelectShares');
    expect(paymentProblem('card', 9, 60, ' ')).toBe('OwnerNameRequired');
    expect(paymentProblem('paypal', 9, 60, 'Ada')).toBeNull();
  });

  it('lets the wallet pay only what it holds', () => {
    expect(walletCovers({ minor: 500, curr: 'USD' }, 522, 'USD')).toBe(false);
    expect(walletCovers({ minor: 522, curr: 'USD' }, 522, 'USD')).toBe(true);
    expect(walletCovers(undefined, 522, 'USD')).toBe(false);
  });

  it('checks the sandbox card form', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(cardFormProblem({ number: '4242', expiry: '12/30', cvc: '123' })).toBe('number');
    expect(cardFormProblem({ number: '4242 4242 4242 4242', expiry: '13/30', cvc: '123' })).toBe('expiry');
    expect(cardFormProblem({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '1' })).toBe('cvc');
    expect(cardFormProblem({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })).toBeNull();
  });
});

describe('the amount field (issue 17)', () => {
  it('keeps digits, one decimal mark and two decimals, dropping spaces as typed', () => {
    expect(amountText('5 000')).toBe('5000');
    expect(amountText('5\u202f000,509')).toBe('5000,50');
    expect(amountText('007.5.3')).toBe('7.53');
    expect(amountText('€12a')).toBe('12');
  });

  it('reads an amount into exact minor units, or null', () => {
    expect(parseAmountMinor('5000')).toBe(500_000);
    expect(parseAmountMinor('5000,5')).toBe(500_050);
    expect(parseAmountMinor('0.1')).toBe(10);
    expect(parseAmountMinor('0')).toBeNull();
    expect(parseAmountMinor('')).toBeNull();
    expect(parseAmountMinor('1,234.5')).toBeNull();
    expect(parseAmountMinor('99999999999999')).toBeNull();
  });

  it('names the currency in the field’s label', () => {
    expect(currencySymbol('EURO', 'en')).toBe('€');
    expect(currencySymbol('USD', 'en')).toBe('$');
    expect(currencySymbol('USD', 'fr')).toBe('$US');
  });
});
