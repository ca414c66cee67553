// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PartsBar } from './PartsBar';

afterEach(cleanup);

describe('PartsBar (the parts sold, without MUI’s LinearProgress)', () => {
  it('is a progress bar named as asked, its value clamped and rounded, its fill drawn to the share', () => {
    render(<PartsBar value={62.4} height={3} label={{ name: 'Parts sold', valueText: '38% available' }} />);
    const bar = screen.getByRole('progressbar', { name: 'Parts sold' });
    expect(bar.getAttribute('aria-valuenow')).toBe('62');
    expect(bar.getAttribute('aria-valuetext')).toBe('38% available');
    expect(getComputedStyle(bar.firstElementChild as Element).transform).toBe('translateX(-37.6%)');
    cleanup();
    render(<PartsBar value={140} height={3} label={{ name: 'Parts sold', valueText: 'sold out' }} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('is hidden from assistive technology when the figure is written beside it', () => {
    const { container } = render(<PartsBar value={10} height={2} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
