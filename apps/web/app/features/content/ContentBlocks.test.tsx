// @vitest-environment jsdom

import { groupContentBlocks as groupBlocks } from '@parcelle/shared/content-blocks';
import type { TContentBlock } from '@parcelle/shared/contracts/catalogue';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { headingAnchors, safeHref, slugify } from './anchors';
import { ContentBlocks } from './ContentBlocks';

afterEach(cleanup);

const blocks: TContentBlock[] = [
  { type: 'heading', text: 'Qui sommes-nous ?' },
  { type: 'paragraph', text: 'A <b>bold</b> claim.' },
  { type: 'list', items: ['One', 'Two'] },
  { type: 'person', name: 'Claire Dumonteil', role: 'Chief Executive', text: 'Twenty years in auctions.' },
  { type: 'person', name: 'Dr. Henrik Aalto', role: 'Director' },
  { type: 'link', label: 'Le Monde', href: 'https://www.lemonde.fr/art', text: 'An article.' },
  { type: 'link', label: 'Our FAQ', href: '/faqs' },
  { type: 'link', label: 'Trap', href: 'javascript:alert(1)' },
  { type: 'qa', question: 'What is a part?', answer: 'One square millimetre.' },
  { type: 'qa', question: 'How are dividends paid?', answer: 'Once a year.' },
];

const byType = (type: string) =>
  screen.getAllByTestId('content-block').filter((element) => element.getAttribute('data-block-type') === type);

describe('content blocks', () => {
  it('renders one content-block per block, whatever its type', () => {
    renderScreen(<ContentBlocks blocks={blocks} />);
    expect(screen.getAllByTestId('content-block')).toHaveLength(blocks.length);
    for (const type of ['heading', 'paragraph', 'list', 'person', 'link', 'qa'])
      expect(byType(type).length).toBeGreaterThan(0);
  });

  it('shows a heading with an anchor, and text as text (never as HTML)', () => {
    const { container } = renderScreen(<ContentBlocks blocks={blocks} />);
    const heading = screen.getByRole('heading', { level: 2, name: /Qui sommes-nous/ });
    expect(heading.id).toBe('qui-sommes-nous');
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('#qui-sommes-nous');
    expect(byType('paragraph')[0]?.textContent).toBe('A <b>bold</b> claim.');
    expect(container.querySelector('b')).toBeNull();
  });

  it('renders list items', () => {
    renderScreen(<ContentBlocks blocks={blocks} />);
    expect(
      within(byType('list')[0] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['One', 'Two']);
  });

  it('renders people as cards with name, role, text and initials', () => {
    renderScreen(<ContentBlocks blocks={blocks} />);
    const cards = screen.getAllByTestId('person-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByRole('heading', { level: 3 }).textContent).toBe('Claire Dumonteil');
    expect(cards[0]?.textContent).toContain('Chief Executive');
    expect(cards[0]?.textContent).toContain('Twenty years in auctions.');
    expect(cards[0]?.textContent).toContain('CD');
    expect(cards[1]?.textContent).toContain('HA');
  });

  it('renders links: external in a new tab, internal through the router, unsafe ones without a link', () => {
    renderScreen(<ContentBlocks blocks={blocks} />);
    const [external, internal, trap] = byType('link') as HTMLElement[];
    const outside = within(external as HTMLElement).getByRole('link');
    expect(outside.getAttribute('href')).toBe('https://www.lemonde.fr/art');
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(outside.getAttribute('rel')).toContain('noopener');
    expect(external?.textContent).toContain('lemonde.fr');
    expect(external?.textContent).toContain('An article.');
    expect(
      within(internal as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/faqs');
    expect(within(trap as HTMLElement).queryByRole('link')).toBeNull();
    expect(trap?.textContent).toContain('Trap');
  });

  it('shows questions on the FAQ as disclosures that open without a script', () => {
    renderScreen(<ContentBlocks blocks={blocks} qaStyle="accordion" />);
    const items = screen.getAllByTestId('faq-item');
    expect(items).toHaveLength(2);
    const details = items[0] as HTMLDetailsElement;
    expect(details.tagName).toBe('DETAILS');
    expect(details.querySelector('summary')?.textContent).toBe('What is a part?');
    expect(details.open).toBe(false);
    fireEvent.click(details.querySelector('summary') as HTMLElement);
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('One square millimetre.');
  });

  it('shows questions as a definition list elsewhere (the glossary)', () => {
    const { container } = renderScreen(<ContentBlocks blocks={blocks} qaStyle="definitions" />);
    expect(screen.queryByTestId('faq-item')).toBeNull();
    expect([...container.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'What is a part?',
      'How are dividends paid?',
    ]);
    expect(container.querySelector('dd')?.textContent).toBe('One square millimetre.');
  });

  it('groups consecutive people, links and questions', () => {
    expect(groupBlocks(blocks).map((group) => group.kind)).toEqual([
      'single',
      'single',
      'single',
      'person',
      'link',
      'qa',
    ]);
  });
});

describe('anchors and links', () => {
  it('slugs headings without accents and keeps them unique', () => {
    expect(slugify('Éléments clés & risques')).toBe('elements-cles-risques');
    expect(slugify('???')).toBe('section');
    expect(headingAnchors(['Risks', 'Risks', 'Fees'])).toEqual(['risks', 'risks-2', 'fees']);
  });

  it('accepts site paths, http(s) and mailto only', () => {
    expect(safeHref('/about')).toEqual({ href: '/about', external: false });
    expect(safeHref('https://example.org/x')).toEqual({ href: 'https://example.org/x', external: true });
    expect(safeHref('mailto:hello@parcelle.art')?.external).toBe(false);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    // Issue 26: credentials in an address are never shown, even in a link stored before the rule.
    expect(safeHref('https://user:pw@example.org/x')).toBeNull();
    expect(safeHref('http://user@example.org')).toBeNull();
  });
});
