import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { failure, ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { KeyInformation } from './KeyInformation';

setUpScreenTests();

const WORK = '11111111-1111-4111-8111-111111111111';
const HASH = 'a'.repeat(64);
const doc = (lang: 'en' | 'fr') => ({
  title: lang === 'en' ? 'Key information document — Bleu' : 'Document d’informations clés — Bleu',
  subtitle: 'Hélène Marchetti, 2020',
  sections: [{ id: 'risks', heading: lang === 'en' ? 'Risks' : 'Risques', paragraphs: [`Total loss (${lang})`] }],
});
const page = (overrides: object = {}) => ({
  painting_id: WORK,
  title: { en: 'Bleu', fr: 'Bleu' },
  registration_required: true,
  draft: { hash: HASH, changed: true, en: doc('en'), fr: doc('fr') },
  current: null,
  versions: [],
  ...overrides,
});

function renderSection() {
  renderScreen(<KeyInformation workId={WORK} />, {
    path: '/works/:id',
    url: `/works/${WORK}`,
    resources: [{ name: 'works', list: '/works', edit: '/works/:id' }],
  });
}

describe('the key information section of a work', () => {
  it('previews the draft in both languages and publishes it with the registration number and the draft hash', async () => {
    const published = page({
      draft: { hash: HASH, changed: false, en: doc('en'), fr: doc('fr') },
      versions: [
        {
          id: '22222222-2222-4222-8222-222222222222',
          version: 1,
          content_hash: 'b'.repeat(64),
          registration_number: 'AMF-2026-0001',
          published_at: '2026-11-28T10:00:00.000Z',
          published_by: 'catalogue@parcelle.art',
          acknowledgements: 0,
        },
      ],
    });
    const calls = stubFetch([ok(page()), ok(published), ok(published)]);
    await act(() => i18nProvider.changeLocale('en'));
    renderSection();
    fireEvent.click(screen.getByTestId('key-information-open'));
    expect(
      await screen.findByText('No version published: the work cannot be sold on the primary market until one is.'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('key-information-draft-en')).getByText('Total loss (en)')).toBeTruthy();
    const publish = screen.getByTestId('key-information-publish') as HTMLButtonElement;
    // The regime asks for a number: nothing is sent without one.
    expect(publish.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('key-information-registration'), { target: { value: 'AMF-2026-0001' } });
    expect(publish.disabled).toBe(false);
    fireEvent.click(publish);
    expect(await screen.findByText(messages.KeyInformationPublished.en)).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.url).toContain(`/admin/paintings/${WORK}/key-information`);
    expect(sent?.body).toEqual({ draft_hash: HASH, registration_number: 'AMF-2026-0001' });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Published versions' })).toBeTruthy());
    expect(screen.getByText('AMF-2026-0001')).toBeTruthy();
  });

  it('shows the API’s refusal in the console’s language (the data changed since the preview)', async () => {
    stubFetch([ok(page()), failure(409, messages.KeyInformationDraftChanged), ok(page())]);
    await act(() => i18nProvider.changeLocale('fr'));
    renderSection();
    fireEvent.click(screen.getByTestId('key-information-open'));
    await screen.findByTestId('key-information-draft-en');
    fireEvent.change(screen.getByTestId('key-information-registration'), { target: { value: 'AMF-2026-0001' } });
    fireEvent.click(screen.getByTestId('key-information-publish'));
    expect((await screen.findByTestId('key-information-problem')).textContent).toBe(
      messages.KeyInformationDraftChanged.fr,
    );
  });
});
