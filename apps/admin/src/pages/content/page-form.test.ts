import { describe, expect, it } from 'vitest';
import { blockFormValues, blockOf, emptyBlock, pageFormValues, ZPageForm } from './page-form';

const page = {
  title: { en: 'FAQ', fr: 'FAQ' },
  body: {
    en: [
      { type: 'heading' as const, text: 'Buying' },
      { type: 'list' as const, items: ['One', 'Two'] },
      { type: 'person' as const, name: 'Ada', role: 'Curator' },
      { type: 'link' as const, label: 'Site', href: 'https://example.org', text: 'Ours' },
    ],
    fr: [{ type: 'qa' as const, question: 'Quoi\u00a0?', answer: 'Ceci.' }],
  },
};

describe('the page form', () => {
  it('turns every kind of block into form values and back', () => {
    for (const block of [...page.body.en, ...page.body.fr]) expect(blockOf(blockFormValues(block))).toEqual(block);
    expect(ZPageForm.parse(pageFormValues(page))).toEqual(page);
  });

  it('reads a list one item per line, without blank lines, and drops an empty optional text', () => {
    expect(blockOf({ ...emptyBlock('list'), items: ' a \n\n b\n' })).toEqual({ type: 'list', items: ['a', 'b'] });
    expect(blockOf({ ...emptyBlock('person'), name: 'N', role: 'R', text: '  ' })).toEqual({
      type: 'person',
      name: 'N',
      role: 'R',
    });
  });

  it('puts the contract’s refusals on the form’s fields', () => {
    const values = pageFormValues(page);
    values.title_fr = ' ';
    values.fr = [];
    const link = values.en[3];
    if (link) link.href = 'javascript:alert(1)';
    const issues = ZPageForm.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['title_fr', 'RequiredField'],
        ['fr', 'ContentBodyEmpty'],
        ['en.3.href', 'ContentLinkInvalid'],
      ]),
    );
  });
});
