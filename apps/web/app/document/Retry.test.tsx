import { fireEvent, render, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DocumentContext } from './document';
import { Retry } from './Retry';

function renderRetry(inDocument: boolean, onRetry: () => unknown) {
  return render(
    <MemoryRouter initialEntries={['/primary-market?page=2']}>
      <DocumentContext.Provider value={inDocument}>
        <Retry label="Try again" onRetry={onRetry} className="outlined" />
      </DocumentContext.Provider>
    </MemoryRouter>,
  );
}

describe('Retry', () => {
  it('in the app, is a button that reads again', () => {
    const onRetry = vi.fn();
    const view = within(renderRetry(false, onRetry).container);
    const button = view.getByRole('button', { name: 'Try again' });
    expect(button.className).toBe('outlined');
    fireEvent.click(button);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('in a document (no script to read with), is a link that loads the same address again', () => {
    const onRetry = vi.fn();
    const view = within(renderRetry(true, onRetry).container);
    const link = view.getByRole('link', { name: 'Try again' });
    expect(link.getAttribute('href')).toBe('/primary-market?page=2');
    expect(link.className).toBe('outlined');
    expect(view.queryByRole('button')).toBeNull();
  });
});
