import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpScreenTests } from '../test/screen';
import { FactList } from './FactList';

setUpScreenTests();

const show = (list: ReactNode) => renderScreen(list, { path: '/', url: '/', resources: [] });

/** Each term with its value, as a reader of the definition list gets them. */
const pairs = () => screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('FactList', () => {
  it('lists each term beside its value, an empty value left empty', async () => {
    show(
      <FactList
        facts={[
          ['Buyer', 'Fondation Test'],
          ['Recorded by', ''],
        ]}
      />,
    );
    await screen.findByText('Buyer');
    expect(pairs()).toEqual([
      ['Buyer', 'Fondation Test'],
      ['Recorded by', ''],
    ]);
    expect(screen.getAllByRole('definition').map((value) => value.tagName)).toEqual(['DD', 'DD']);
    expect(getComputedStyle(screen.getByText('Buyer').parentElement?.parentElement as Element).rowGap).toBe('8px');
  });

  it('shows `blank` for an empty value, in tighter rows when dense', async () => {
    show(
      <FactList
        dense
        blank="—"
        facts={[
          ['Email', 'lea@example.com'],
          ['Phone', ''],
        ]}
      />,
    );
    await screen.findByText('Email');
    expect(pairs()).toEqual([
      ['Email', 'lea@example.com'],
      ['Phone', '—'],
    ]);
    expect(getComputedStyle(screen.getByText('Email').parentElement?.parentElement as Element).rowGap).toBe('4px');
  });
});
