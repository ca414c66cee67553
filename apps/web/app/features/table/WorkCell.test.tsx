import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { WorkCell } from './WorkCell';

const image = '/media/works/a/cover.jpg';

afterEach(cleanup);

describe('WorkCell (decision 478)', () => {
  it('links the title to the work’s page when it has one, and gives its lines under it', () => {
    renderScreen(
      <WorkCell
        image={image}
        title="Lacquer Moon"
        to="/secondary-market/details/w1"
        titleTestId="title"
        lines={[{ text: 'Mei-Lin Sørensen · 2014', testId: 'artist' }, { text: 'Ref. LS-1' }]}
      />,
    );
    const link = screen.getByRole('link', { name: 'Lacquer Moon' });
    expect(link.getAttribute('href')).toBe('/secondary-market/details/w1');
    expect(link.getAttribute('data-testid')).toBe('title');
    expect(screen.getByTestId('artist').textContent).toBe('Mei-Lin Sørensen · 2014');
    expect(screen.getByText('Ref. LS-1')).toBeTruthy();
    // The thumbnail is decorative: the title names the work.
    expect(screen.getByRole('presentation').getAttribute('alt')).toBe('');
  });

  it('is text without a page, and asks for the rendition of its size: 56 px, 48 when dense', () => {
    const { unmount } = renderScreen(<WorkCell image={image} title="Shift of Tone" titleTestId="title" />);
    expect(screen.getByTestId('title').closest('a')).toBeNull();
    expect(screen.getByTestId('title').textContent).toBe('Shift of Tone');
    expect(document.querySelector('[sizes]')?.getAttribute('sizes')).toBe('56px');
    unmount();
    renderScreen(<WorkCell image={image} title="Shift of Tone" dense />);
    expect(document.querySelector('[sizes]')?.getAttribute('sizes')).toBe('48px');
  });
});
