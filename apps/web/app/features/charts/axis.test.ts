import { CHART_COLORS } from '@parcelle/shared/constants';
import { describe, expect, it } from 'vitest';
import { axisTick, seriesColor } from './axis';

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('axisTick', () => {
  it('shows millions as M from 1,000,000 (spec §9)', () => {
    expect(axisTick(1_000_000, 'en')).toBe('1M');
    expect(axisTick(2_500_000, 'en')).toBe('2.5M');
    expect(plain(axisTick(2_500_000, 'fr'))).toBe('2,5 M');
    expect(axisTick(-3_000_000, 'en')).toBe('-3M');
  });

  it('writes smaller values in full with the language separators', () => {
    expect(axisTick(999_999, 'en')).toBe('999,999');
    expect(plain(axisTick(250_000, 'fr'))).toBe('250 000');
    expect(axisTick(112.5, 'en')).toBe('112.5');
    expect(axisTick(Number.NaN, 'en')).toBe('');
  });
});

describe('seriesColor', () => {
  it('cycles through the ten colours', () => {
    expect(CHART_COLORS).toHaveLength(10);
    expect(seriesColor(0)).toBe(CHART_COLORS[0]);
    expect(seriesColor(10)).toBe(CHART_COLORS[0]);
    expect(seriesColor(13)).toBe(CHART_COLORS[3]);
  });
});
