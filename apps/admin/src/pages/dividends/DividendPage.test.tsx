import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { confirmedFacts } from '../../test/confirm';
import { failure, ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { DividendPage } from './DividendPage';

const id = '5b0f1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b';
const preview = {
  id,
  reference: 'DIV-000007',
  painting: { id: 'p1', title: 'Les Nymphéas' },
  year: 2026,
  record_date: '2026-11-20T10:00:00.000Z',
  status: 'declared',
  total: { value: 100, curr: 'EURO' },
  total_minor: 10_000,
  per_part_minor: null,
  parts: 3,
  unsold_parts: 0,
  paid_out_minor: 10_000,
  paid_out: { value: 100, curr: 'EURO' },
  retained_minor: 0,
  retained: { value: 0, curr: 'EURO' },
  retained_exact_minor: '0.0000',
  declared_by: 'ops@parcelle.art',
  declared_at: '2026-11-21T10:00:00.000Z',
  approved_by: null,
  paid_at: null,
  rounding: { rule: 'largest_remainder', floored_minor: 9_999, remainder_minor: 1 },
  holders: [
    {
      user_id: 'u1',
      email: 'lea@example.com',
      name: 'Léa Tremblay',
      parts: 2,
      exact_minor: '6666.6667',
      amount_minor: 6_667,
      amount: { value: 66.67, curr: 'EURO' },
      remainder_unit: true,
    },
    {
      user_id: 'u2',
      email: 'marc@example.com',
      name: 'Marc Dupuis',
      parts: 1,
      exact_minor: '3333.3333',
      amount_minor: 3_333,
      amount: { value: 33.33, curr: 'EURO' },
      remainder_unit: false,
    },
  ],
};

function renderPage() {
  renderScreen(<DividendPage />, {
    path: '/dividends/:id',
    url: `/dividends/${id}`,
    resources: [{ name: 'dividends', list: '/dividends', show: '/dividends/:id' }],
  });
}

setUpScreenTests();

describe('the dividend preview', () => {
  it('shows every holder’s amount and the remainder rule, then approves and pays after the confirmation', async () => {
    const calls = stubFetch([ok(preview), ok({ ...preview, status: 'paid' }), ok({ ...preview, status: 'paid' })]);
    renderPage();
    await screen.findByRole('heading', { name: 'Dividend DIV-000007' });
    const table = screen.getByRole('table', { name: 'Holders (2)' });
    const lea = within(table)
      .getByText(/Léa Tremblay/)
      .closest('tr') as HTMLElement;
    expect(within(lea).getByText('€66.67')).toBeTruthy();
    expect(within(lea).getByText('+1 unit')).toBeTruthy();
    expect(screen.getByTestId('rounding').textContent).toMatch(/€99\.99 in all.*the 1 smallest units left \(€0\.01\)/);
    fireEvent.click(screen.getByRole('button', { name: 'Approve and pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and pay dividend DIV-000007?' });
    expect(calls).toHaveLength(1);
    // What is paid, named before it is: €100.00 over 3 parts, about €33.33 a part.
    expect(confirmedFacts(dialog)).toEqual([
      'Work: Les Nymphéas',
      'Amount per part: about €33.33',
      'Total: €100.00',
      'Paid to members: €100.00',
      'Kept by Parcelle (0 unsold parts): €0.00',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({ url: `/api/admin/dividends/${id}/approve`, method: 'POST' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve and pay' })).toBeNull());
  });

  it('on a partly sold work, shows the unsold parts’ share kept by Parcelle, in English and French (issue 31)', async () => {
    const partly = {
      ...preview,
      total: { value: 10.01, curr: 'EURO' },
      total_minor: 1001,
      parts: 5,
      unsold_parts: 49,
      paid_out_minor: 93,
      paid_out: { value: 0.93, curr: 'EURO' },
      retained_minor: 908,
      retained: { value: 9.08, curr: 'EURO' },
      holders: [{ ...preview.holders[0], parts: 5, exact_minor: '92.6852', amount_minor: 93 }],
    };
    stubFetch([ok(partly), ok(partly)]);
    renderPage();
    await screen.findByRole('heading', { name: 'Dividend DIV-000007' });
    expect(screen.getByText('Kept by Parcelle (49 unsold parts)')).toBeTruthy();
    expect(screen.getByText('€9.08')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve and pay' }));
    const dialog = await screen.findByRole('dialog');
    // €10.01 is for the 54 parts of the work: about €0.19 a part; €0.93 paid to the one holder.
    expect(confirmedFacts(dialog)).toEqual([
      'Work: Les Nymphéas',
      'Amount per part: about €0.19',
      'Total: €10.01',
      'Paid to members: €0.93',
      'Kept by Parcelle (49 unsold parts): €9.08',
    ]);
    expect(within(dialog).getByText(/€0\.93 is paid at once to the wallet of the 1 holder/)).toBeTruthy();
  });

  it('names Parcelle’s share in French too, with French plurals', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([ok({ ...preview, unsold_parts: 1, retained_minor: 19, retained: { value: 0.19, curr: 'EURO' } })]);
    renderPage();
    expect(await screen.findByText('Conservé par Parcelle (1 part invendue)')).toBeTruthy();
  });

  it('shows the API’s refusal when the declarer approves, in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([ok(preview), failure(409, messages.FourEyesRequired)]);
    renderPage();
    expect((await screen.findAllByText(/66,67\s€/)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Approuver et verser' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approuver et verser' }));
    expect(await within(dialog).findByText(messages.FourEyesRequired.fr, { normalizer: (text) => text })).toBeTruthy();
  });
});
