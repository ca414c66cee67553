import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { confirmedFacts } from '../../test/confirm';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { listedWork, listedWorks, pickWork } from '../../test/works';
import { DeclareDividend } from './DeclareDividend';

function renderForm() {
  renderScreen(<DeclareDividend />, {
    path: '*',
    url: '/dividends/new',
    resources: [{ name: 'dividends', list: '/dividends', create: '/dividends/new', show: '/dividends/:id' }],
  });
}

setUpScreenTests();

describe('declaring a dividend', () => {
  it('takes the work from the picker and confirms naming it, the amount per part and the total, in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    const calls = stubFetch([
      ok({ paintings: [], total: 0 }),
      ok(listedWorks),
      ok({
        id: 'd1',
        reference: 'DV-1',
        total: { value: 100, curr: 'EURO' },
        total_minor: 10_000,
        holders: [],
        parts: 300,
        unsold_parts: 100,
        paid_out_minor: 7500,
        paid_out: { value: 75, curr: 'EURO' },
        retained_minor: 2500,
        retained: { value: 25, curr: 'EURO' },
        retained_exact_minor: '2500.0000',
      }),
    ]);
    renderForm();
    await pickWork(/Œuvre/);
    fireEvent.click(screen.getByLabelText('Montant par part'));
    fireEvent.change(screen.getByLabelText(/^Montant \(/), { target: { value: '0.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Déclarer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déclarer ce dividende\u00a0?' });
    // 0,25 € for each of the 400 parts = 100,00 €: 300 parts held today × 0,25 € = 75,00 € to the members, the 100
    // unsold parts' 25,00 € stay with Parcelle (issue 31).
    expect(confirmedFacts(dialog)).toEqual([
      'Œuvre: Les Nymphéas — Claude Monet',
      'Montant par part: 0,25 €',
      'Total: 100,00 €',
      'Parts détenues par les membres aujourd’hui: 300',
      'Versé aux membres: 75,00 €',
      'Conservé par Parcelle (100 parts invendues): 25,00 €',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déclarer' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({
      url: '/api/admin/dividends',
      method: 'POST',
      body: { painting_id: listedWork.id, currency: 'EURO', amount_per_part_minor: 25 },
    });
  });

  it('shows a split total with about what each part gets', async () => {
    stubFetch([ok({ paintings: [], total: 0 }), ok(listedWorks)]);
    renderForm();
    await pickWork(/Work/);
    fireEvent.change(screen.getByLabelText(/^Amount \(/), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Declare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare this dividend?' });
    // €100.00 for the 400 parts of the work: €0.25 a part, €75.00 to the members, €25.00 kept.
    expect(confirmedFacts(dialog)).toEqual([
      'Work: Water Lilies — Claude Monet',
      'Amount per part: €0.25',
      'Total: €100.00',
      'Parts held by members today: 300',
      'Paid to members: €75.00',
      'Kept by Parcelle (100 unsold parts): €25.00',
    ]);
  });
});
