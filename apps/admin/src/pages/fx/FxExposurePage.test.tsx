import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { confirmedFacts } from '../../test/confirm';
import { failure, ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { FxExposurePage } from './FxExposurePage';
import { settlementProblem } from './fx-rules';

setUpScreenTests();

const exposure = {
  positions: [
    { currency: 'USD', position: { value: -125.01, curr: 'USD' }, position_minor: -12_501, side: 'buy' },
    { currency: 'EURO', position: { value: 100.01, curr: 'EURO' }, position_minor: 10_001, side: 'sell' },
  ],
  settlements: [
    {
      id: 's1',
      sold: { value: 40, curr: 'EURO' },
      sold_minor: 4_000,
      bought: { value: 49.9, curr: 'USD' },
      bought_minor: 4_990,
      closed: false,
      result: { value: 0, curr: 'USD' },
      result_minor: 0,
      bank_reference: 'FX-OLD-1',
      settled_on: '2026-11-02',
      transaction_id: 't1',
      recorded_by: { id: 'u1', email: 'finance@parcelle.art' },
      created_at: '2026-11-02T09:00:00.000Z',
    },
  ],
};

function renderPage() {
  renderScreen(<FxExposurePage />, { path: '/fx', url: '/fx', resources: [{ name: 'fx', list: '/fx' }] });
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the exchange exposure screen', () => {
  it('shows the open position per currency and the settlements, exact, in French too', async () => {
    stubFetch([ok(exposure)]);
    await act(() => i18nProvider.changeLocale('fr'));
    renderPage();
    const euros = await screen.findByTestId('fx-position-EURO');
    expect(euros.textContent?.replace(/\s/g, ' ')).toBe('Position en EUR100,01 €Détenue par Parcelle : à vendre');
    expect(screen.getByTestId('fx-position-USD').textContent?.replace(/\s/g, ' ')).toBe(
      'Position en USD125,01 $USDue par Parcelle : à acheter',
    );
    const history = screen.getByRole('table', { name: 'Règlements enregistrés' });
    expect(within(history).getByText('FX-OLD-1')).toBeTruthy();
    expect(within(history).getByText('1,2475')).toBeTruthy();
  });

  it('refuses to overshoot the position before sending, then records the settlement after a confirmation', async () => {
    const calls = stubFetch([
      ok(exposure),
      ok({ ...exposure.settlements[0], id: 's2', bank_reference: 'BNP-FX-7' }),
      ok(exposure),
    ]);
    renderPage();
    await screen.findByTestId('fx-position-EURO');
    fill(/^Amount sold \(EUR\)/, '100.02');
    fill(/^Amount bought \(USD\)/, '125');
    fill(/^Bank reference/, 'BNP-FX-7');
    fireEvent.click(screen.getByRole('button', { name: 'Record the settlement' }));
    expect(screen.getAllByText(messages.FxSettlementOvershoot.en).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(1);

    fill(/^Amount sold \(EUR\)/, '100.01');
    fireEvent.click(screen.getByRole('button', { name: 'Record the settlement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this settlement?' });
    const today = new Date().toISOString().slice(0, 10);
    expect(confirmedFacts(dialog).slice(0, 4)).toEqual([
      'Sold: €100.01',
      'Bought: $125.00',
      'Rate: 1 EUR = 1.2499 USD',
      'Bank reference: BNP-FX-7',
    ]);
    expect(confirmedFacts(dialog).slice(5)).toEqual([
      'Position in EUR after: closed',
      'Position in USD after: $0.01 to buy',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({ url: '/api/admin/fx/settlements', method: 'POST' });
    expect(calls[1]?.body).toEqual({
      sold_currency: 'EURO',
      sold_minor: 10_001,
      bought_currency: 'USD',
      bought_minor: 12_500,
      bank_reference: 'BNP-FX-7',
      settled_on: today,
      close_position: false,
    });
  });

  it('closes the position: all that is held sold, the bank’s shortfall named as Parcelle’s loss', async () => {
    const calls = stubFetch([ok(exposure), ok(exposure.settlements[0]), ok(exposure)]);
    renderPage();
    await screen.findByTestId('fx-position-EURO');
    fill(/^Amount sold \(EUR\)/, '100');
    fill(/^Amount bought \(USD\)/, '124');
    fill(/^Bank reference/, 'BNP-FX-8');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Close the position/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Record the settlement' }));
    // Closing sells all that is held: 100.00 of 100.01 is refused.
    expect(screen.getAllByText(messages.FxSettlementCloseNotWhole.en).length).toBeGreaterThan(0);
    fill(/^Amount sold \(EUR\)/, '100.01');
    fireEvent.click(screen.getByRole('button', { name: 'Record the settlement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this settlement?' });
    expect(confirmedFacts(dialog).slice(5)).toEqual([
      'Exchange result: loss of $1.01',
      'Position in EUR after: closed',
      'Position in USD after: closed',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]?.body).toMatchObject({ sold_minor: 10_001, bought_minor: 12_400, close_position: true });
  });

  it('shows the server’s refusal', async () => {
    stubFetch([ok(exposure), failure(409, messages.FxSettlementDuplicate)]);
    renderPage();
    await screen.findByTestId('fx-position-EURO');
    fill(/^Amount sold \(EUR\)/, '1');
    fill(/^Amount bought \(USD\)/, '1,25');
    fill(/^Bank reference/, 'FX-OLD-1');
    fireEvent.click(screen.getByRole('button', { name: 'Record the settlement' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(messages.FxSettlementDuplicate.en)).toBeTruthy();
  });
});

describe('settlementProblem', () => {
  const base = {
    soldMinor: 100,
    boughtMinor: 120,
    heldMinor: 100,
    owedMinor: 125,
    bankReference: 'R',
    settledOn: '2026-11-02',
    today: '2026-11-03',
  };
  it('is the API’s rules: both legs, within the position, a reference, a value date not in the future', () => {
    expect(settlementProblem(base)).toBeNull();
    expect(settlementProblem({ ...base, boughtMinor: null })).toEqual({
      key: 'FxSettlementUnbalanced',
      field: 'bought_minor',
    });
    expect(settlementProblem({ ...base, soldMinor: 101 })).toEqual({
      key: 'FxSettlementOvershoot',
      field: 'sold_minor',
    });
    expect(settlementProblem({ ...base, boughtMinor: 126 })?.field).toBe('bought_minor');
    expect(settlementProblem({ ...base, bankReference: ' ' })?.field).toBe('bank_reference');
    expect(settlementProblem({ ...base, settledOn: '2026-11-04' })?.field).toBe('settled_on');
    // Closing: all that is held, and the bank's amount within 5 % of what is owed (more than owed allowed then).
    expect(settlementProblem({ ...base, soldMinor: 99, close: true })?.key).toBe('FxSettlementCloseNotWhole');
    expect(settlementProblem({ ...base, boughtMinor: 131, close: true })).toBeNull();
    expect(settlementProblem({ ...base, boughtMinor: 132, close: true })?.key).toBe('FxSettlementResultTooLarge');
  });
});
