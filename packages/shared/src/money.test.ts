import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  allocate,
  convertMinor,
  divideRounded,
  formatBps,
  formatMoney,
  formatNumber,
  formatThousandsWithSpaces,
  fromMajorString,
  intlLocale,
  MAX_MINOR,
  money,
  multiplyMoney,
  safeInteger,
  shareBps,
  subtractMoney,
  toMajor,
  toMajorString,
} from './money';

const NNBSP = '\u202f'; // the thousands separator Intl uses in French
const NBSP = '\u00a0'; // the space Intl puts before the € sign in French

const amount = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });

describe('safeInteger', () => {
  it.each([0.1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, MAX_MINOR + 1, -(MAX_MINOR + 1)])(
    'throws on %d',
    (value) => {
      expect(() => safeInteger(value)).toThrow(RangeError);
    },
  );
  it('returns integers within range', () => {
    expect(safeInteger(0)).toBe(0);
    expect(safeInteger(-42)).toBe(-42);
    expect(safeInteger(MAX_MINOR)).toBe(MAX_MINOR);
  });
  it('guards money() too', () => {
    expect(() => money(0.1, 'USD')).toThrow(RangeError);
    expect(money(1234, 'EURO')).toEqual({ minor: 1234, currency: 'EURO' });
  });
});

describe('add, subtract, multiply', () => {
  it('add and subtract are exact and inverse', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const sum = addMoney(money(a, 'USD'), money(b, 'USD'));
        expect(sum.minor).toBe(a + b);
        expect(subtractMoney(sum, money(b, 'USD'))).toEqual(money(a, 'USD'));
      }),
    );
  });
  it('0.10 + 0.20 is 0.30, not 0.30000000000000004', () => {
    expect(addMoney(money(10, 'EURO'), money(20, 'EURO')).minor).toBe(30);
  });
  it('refuses to mix currencies', () => {
    expect(() => addMoney(money(1, 'USD'), money(1, 'EURO'))).toThrow(RangeError);
    expect(() => subtractMoney(money(1, 'USD'), money(1, 'EURO'))).toThrow(RangeError);
  });
  it('multiplies by a whole quantity and refuses fractions and overflow', () => {
    expect(multiplyMoney(money(1999, 'USD'), 3)).toEqual(money(5997, 'USD'));
    expect(() => multiplyMoney(money(1999, 'USD'), 1.5)).toThrow(RangeError);
    expect(() => multiplyMoney(money(MAX_MINOR, 'USD'), 2)).toThrow(RangeError);
  });
});

describe('allocate (largest remainder)', () => {
  it('splits 100 in three as 34, 33, 33: the tie goes to the lowest index', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
  });
  it('gives leftover units to the largest remainders first', () => {
    // exact shares 1.4, 3.5, 5.1 → 1, 3, 5 plus one unit for the largest remainder (0.5)
    expect(allocate(10, [14, 35, 51])).toEqual([1, 4, 5]);
    expect(allocate(5, [0, 1, 0])).toEqual([0, 5, 0]);
  });
  it('rejects empty, negative, fractional and all-zero weights', () => {
    expect(() => allocate(10, [])).toThrow(RangeError);
    expect(() => allocate(10, [1, -1])).toThrow(RangeError);
    expect(() => allocate(10, [0.5, 0.5])).toThrow(RangeError);
    expect(() => allocate(10, [0, 0])).toThrow(RangeError);
    expect(() => allocate(0.5, [1])).toThrow(RangeError);
  });
  it('never loses or creates a cent, and each share is within one unit of its exact share', () => {
    fc.assert(
      fc.property(
        amount,
        fc
          .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 })
          .filter((ws) => ws.some((w) => w > 0)),
        (total, weights) => {
          const shares = allocate(total, weights);
          expect(shares).toHaveLength(weights.length);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = BigInt(weights.reduce((a, b) => a + b, 0));
          shares.forEach((share, i) => {
            expect(Number.isSafeInteger(share)).toBe(true);
            // |share − total·w/sum| < 1  ⇔  |share·sum − total·w| < sum
            const diff = BigInt(share) * sum - BigInt(total) * BigInt(weights[i] ?? 0);
            expect(diff < 0n ? -diff : diff).toBeLessThan(sum);
          });
        },
      ),
    );
  });
  it('is deterministic', () => {
    fc.assert(
      fc.property(amount, fc.array(fc.nat(1000), { minLength: 1, maxLength: 10 }), (total, weights) => {
        fc.pre(weights.some((w) => w > 0));
        expect(allocate(total, weights)).toEqual(allocate(total, [...weights]));
      }),
    );
  });
});

describe('major units', () => {
  it('toMajor is for display', () => {
    expect(toMajor(1234)).toBe(12.34);
    expect(toMajor(-5)).toBe(-0.05);
  });
  it('toMajorString is exact', () => {
    expect(toMajorString(0)).toBe('0.00');
    expect(toMajorString(5)).toBe('0.05');
    expect(toMajorString(-1234)).toBe('-12.34');
    expect(toMajorString(MAX_MINOR)).toBe('22517998136852.47');
  });
  it.each([
    ['12.34', 1234],
    ['12.3', 1230],
    ['12', 1200],
    ['0.01', 1],
    ['-0.5', -50],
    ['+3.07', 307],
    [' 7,5 ', 750],
    ['0.29', 29],
    ['1.15', 115],
    ['-0', 0],
  ])('fromMajorString(%j) = %d', (text, minor) => {
    expect(fromMajorString(text)).toBe(minor);
  });
  it.each(['', 'abc', '1.234', '1,234', '1 234', '1e3', '.5', '12.', '--1', 'NaN', '99999999999999999'])(
    'fromMajorString rejects %j',
    (text) => {
      expect(() => fromMajorString(text)).toThrow(RangeError);
    },
  );
  it('fromMajorString and toMajorString round-trip', () => {
    fc.assert(fc.property(amount, (minor) => fromMajorString(toMajorString(minor)) === minor));
  });
});

describe('formatting', () => {
  it('formats money per language and currency', () => {
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney(123456, 'EURO', 'en')).toBe('€1,234.56');
    expect(formatMoney(123456, 'EURO', 'fr')).toBe(`1${NNBSP}234,56${NBSP}€`);
    expect(formatMoney(5, 'USD', 'en')).toBe('$0.05');
    expect(formatMoney(-150, 'EURO', 'en')).toBe('-€1.50');
  });
  it('formats large amounts without float rounding', () => {
    expect(formatMoney(MAX_MINOR, 'USD', 'en')).toBe('$22,517,998,136,852.47');
  });
  it('formats plain numbers per language', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'fr')).toBe(`1${NNBSP}234${NNBSP}567,5`);
    expect(formatNumber(12n, 'fr')).toBe('12');
  });
  it('separates thousands with spaces (spec §2)', () => {
    expect(formatThousandsWithSpaces(0)).toBe('0');
    expect(formatThousandsWithSpaces(999)).toBe('999');
    expect(formatThousandsWithSpaces(1000)).toBe('1 000');
    expect(formatThousandsWithSpaces(1234567)).toBe('1 234 567');
    expect(formatThousandsWithSpaces(-1234567)).toBe('-1 234 567');
    expect(formatThousandsWithSpaces(1234.5, { fractionDigits: 2 })).toBe('1 234.50');
    expect(formatThousandsWithSpaces(1234.5, { fractionDigits: 2, decimalMark: ',' })).toBe('1 234,50');
    expect(formatThousandsWithSpaces(1234, { separator: NBSP })).toBe(`1${NBSP}234`);
    expect(formatThousandsWithSpaces(12345678901234567890n)).toBe('12 345 678 901 234 567 890');
    expect(() => formatThousandsWithSpaces(Number.NaN)).toThrow(RangeError);
  });
});

describe('convertMinor', () => {
  it('multiplies by the rate with integers only', () => {
    expect(convertMinor(10000, 'EURO', 'USD', '1.0842')).toBe(10842);
    expect(convertMinor(10000, 'EURO', 'USD', { numerator: 10842, denominator: 10000 })).toBe(10842);
    expect(convertMinor(1, 'USD', 'EURO', { numerator: 1n, denominator: 3n })).toBe(0);
    expect(convertMinor(2, 'USD', 'EURO', { numerator: 1, denominator: 3 })).toBe(1);
  });
  it('rounds halves to even by default, away from zero with half-up', () => {
    expect(convertMinor(5, 'USD', 'EURO', '0.5')).toBe(2); // 2.5 → 2
    expect(convertMinor(7, 'USD', 'EURO', '0.5')).toBe(4); // 3.5 → 4
    expect(convertMinor(5, 'USD', 'EURO', '0.5', 'half-up')).toBe(3);
    expect(convertMinor(-5, 'USD', 'EURO', '0.5', 'half-up')).toBe(-3);
    expect(convertMinor(-5, 'USD', 'EURO', '0.5')).toBe(-2);
  });
  it('returns the same currency unchanged', () => {
    expect(convertMinor(1234, 'USD', 'USD', '1.5')).toBe(1234);
  });
  it.each(['0', '-1', '1e3', 'abc', '', '.5'])('rejects the rate %j', (rate) => {
    expect(() => convertMinor(100, 'USD', 'EURO', rate)).toThrow(RangeError);
  });
  it('rejects non-positive ratios', () => {
    expect(() => convertMinor(100, 'USD', 'EURO', { numerator: 0, denominator: 1 })).toThrow(RangeError);
    expect(() => convertMinor(100, 'USD', 'EURO', { numerator: 1, denominator: 0 })).toThrow(RangeError);
  });
  it('is within half a unit of the exact product', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 10_000_000 }), (minor, num) => {
        const converted = BigInt(convertMinor(minor, 'EURO', 'USD', { numerator: num, denominator: 1_000_000 }));
        const diff = converted * 1_000_000n - BigInt(minor) * BigInt(num);
        return (diff < 0n ? -diff : diff) * 2n <= 1_000_000n;
      }),
    );
  });
  it('divideRounded agrees with Math.round on positive values', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.integer({ min: 1, max: 1000 }), (n, d) => {
        return Number(divideRounded(BigInt(n), BigInt(d), 'half-up')) === Math.round(n / d);
      }),
    );
  });
});

describe('refusals say what is wrong (each guard is checked, not only that something throws)', () => {
  it('safeInteger names the amount and keeps both bounds inclusive', () => {
    expect(() => safeInteger(0.5, 'price')).toThrow('price must be an integer, got 0.5');
    expect(() => safeInteger(MAX_MINOR + 1)).toThrow(`amount is too large to be exact: ${MAX_MINOR + 1}`);
    expect(() => safeInteger(-MAX_MINOR - 1)).toThrow('amount is too large to be exact');
    expect(safeInteger(-MAX_MINOR)).toBe(-MAX_MINOR);
  });
  it('mixing currencies and fractional quantities', () => {
    expect(() => addMoney(money(1, 'USD'), money(1, 'EURO'))).toThrow('cannot combine USD with EURO');
    expect(() => multiplyMoney(money(1, 'USD'), 1.5)).toThrow('quantity must be an integer, got 1.5');
  });
  it('the exact range of amounts parsed from text, at both ends', () => {
    expect(fromMajorString('22517998136852.47')).toBe(MAX_MINOR);
    expect(fromMajorString('-22517998136852.47')).toBe(-MAX_MINOR);
    expect(() => fromMajorString('22517998136852.48')).toThrow('amount is too large to be exact');
    expect(() => fromMajorString('-22517998136852.48')).toThrow('amount is too large to be exact');
    expect(() => fromMajorString('1,234')).toThrow('not a decimal amount with at most 2 decimals: "1,234"');
    expect(multiplyMoney(money(-MAX_MINOR, 'USD'), 1)).toEqual(money(-MAX_MINOR, 'USD'));
  });
  it('allocate says which rule a split breaks', () => {
    expect(() => allocate(10, [])).toThrow('allocate needs at least one weight');
    expect(() => allocate(10, [1, -1])).toThrow('weights cannot be negative, got -1');
    expect(() => allocate(10, [0.5, 1])).toThrow('weight must be an integer, got 0.5');
    expect(() => allocate(10, [0, 0])).toThrow('weights must not all be zero');
  });
  it('allocate gives tied remainders to the lowest indexes, however many tie', () => {
    expect(allocate(3, [1, 1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(allocate(4, [1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0]);
    expect(allocate(-4, [1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual([-1, -1, -1, -1, 0, 0, 0, 0, 0]);
    // Larger remainders first, then the lowest index among equal ones: 10 × [1, 2, 2, 1] / 6 = 1.67, 3.33, 3.33, 1.67.
    expect(allocate(10, [1, 2, 2, 1])).toEqual([2, 3, 3, 2]);
    expect(allocate(11, [2, 1, 1, 2])).toEqual([4, 2, 2, 3]);
  });
  it('rates: written with spaces around, refused with the reason', () => {
    expect(convertMinor(100, 'USD', 'EURO', ' 1.5 ')).toBe(150);
    expect(() => convertMinor(100, 'USD', 'EURO', 'abc')).toThrow('not a decimal rate: "abc"');
    expect(() => convertMinor(100, 'USD', 'EURO', '0.00')).toThrow('rate must be positive');
    expect(() => convertMinor(100, 'USD', 'EURO', { numerator: 1, denominator: 0 })).toThrow(
      'rate numerator and denominator must be positive',
    );
    expect(() => convertMinor(100, 'USD', 'EURO', { numerator: -1, denominator: 2 })).toThrow(
      'rate numerator and denominator must be positive',
    );
    expect(() => convertMinor(100, 'USD', 'EURO', { numerator: 1.5, denominator: 1 })).toThrow(
      'rate term must be an integer',
    );
  });
  it('divideRounded refuses a divisor that is not positive', () => {
    expect(() => divideRounded(1n, 0n)).toThrow('divisor must be positive');
    expect(() => divideRounded(1n, -2n)).toThrow('divisor must be positive');
    expect(divideRounded(5n, 2n)).toBe(2n);
    expect(divideRounded(-7n, 2n)).toBe(-4n);
  });
  it('formatting: every decimal kept unless asked, non-finite numbers refused', () => {
    expect(formatThousandsWithSpaces(1234.5678)).toBe('1 234.5678');
    expect(() => formatThousandsWithSpaces(Number.NaN)).toThrow('not a finite number: NaN');
    expect(intlLocale('fr')).toBe('fr-FR');
    expect(intlLocale('en')).toBe('en-US');
  });
});

describe('shares in basis points (issue 31)', () => {
  it('divides integers exactly, half-even, and gives no share of nothing', () => {
    expect(shareBps(1_200_00, 2_000_000_00)).toBe(6);
    expect(shareBps(1, 3)).toBe(3333);
    expect(shareBps(1, 20_000)).toBe(0);
    expect(shareBps(3, 20_000)).toBe(2);
    expect(shareBps(5, 0)).toBeNull();
    expect(() => shareBps(0.5, 100)).toThrow(RangeError);
  });
  it('writes basis points as a percentage with 2 decimals in each language', () => {
    expect(formatBps(6, 'en')).toBe('0.06%');
    expect(formatBps(6, 'fr')).toBe(`0,06${NBSP}%`);
    expect(formatBps(12_345, 'en')).toBe('123.45%');
    expect(formatBps(-120, 'en', { signed: true })).toBe('-1.20%');
    expect(formatBps(-120, 'fr', { signed: true })).toBe(`-1,20${NBSP}%`);
    expect(formatBps(250, 'en', { signed: true })).toBe('+2.50%');
    expect(formatBps(0, 'en', { signed: true })).toBe('0.00%');
    // Beyond a float's exact range the digits stay those of the integer.
    expect(formatBps(900_719_925_474_099, 'en')).toBe('9,007,199,254,740.99%');
  });
});
