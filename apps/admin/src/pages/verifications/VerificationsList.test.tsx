import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { ok, stubFetch } from '../../test/fetch';
import { headersInView } from '../../test/grid';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { VerificationsList } from './VerificationsList';

const highRisk = {
  id: '5a0e7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  member: { id: 'm1', email: 'lea@example.com', name: 'Léa Tremblay', language: 'fr' },
  state: 'in_review',
  risk: 'high',
  submitted_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  age_days: 8,
  first_approved_by: 'op-1',
};
const standard = {
  ...highRisk,
  id: '6b0e7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  member: { id: 'm2', email: 'tom@example.com', name: 'Tom Baker', language: 'en' },
  risk: 'standard',
  age_days: 1,
  first_approved_by: null,
};
const page = (rows: unknown[]) => ok({ verifications: rows, total: rows.length });

function renderQueue() {
  renderScreen(<VerificationsList />, {
    path: '*',
    url: '/verifications',
    resources: [{ name: 'verifications', list: '/verifications', show: '/verifications/:id' }],
  });
}

setUpScreenTests();

describe('the review queue', () => {
  it('shows who, state, risk, age and the awaited second approval in a 1280 px window', async () => {
    stubFetch([page([highRisk, standard])]);
    renderQueue();
    const row = (await screen.findByText('Léa Tremblay <lea@example.com>')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Being reviewed')).toBeTruthy();
    expect(within(row).getByText('High')).toBeTruthy();
    expect(within(row).getByText('8 days')).toBeTruthy();
    expect(within(row).getByText('Awaited')).toBeTruthy();
    const other = screen.getByText('Tom Baker <tom@example.com>').closest('[role="row"]') as HTMLElement;
    expect(within(other).getByText('1 day')).toBeTruthy();
    expect(within(other).queryByText('Awaited')).toBeNull();
    expect(within(row).getByRole('link', { name: 'Open Léa Tremblay' }).getAttribute('href')).toBe(
      `/verifications/${highRisk.id}`,
    );
    expect(headersInView()).toEqual(expect.arrayContaining(['Member', 'State', 'Risk', 'Age', 'Second approval']));
  });

  it('filters and sorts on the server, back to the first page', async () => {
    const calls = stubFetch([
      page([highRisk, standard]),
      page([highRisk]),
      page([highRisk]),
      page([highRisk]),
      page([highRisk]),
    ]);
    renderQueue();
    await screen.findByText('Léa Tremblay <lea@example.com>');
    expect(calls[0]?.url).toBe('/api/admin/verifications?limit=20&offset=0');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Risk' }));
    fireEvent.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/admin/verifications?risk=high&limit=20&offset=0');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Second approval' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Awaiting it' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.url).toBe('/api/admin/verifications?risk=high&awaiting_second_approval=true&limit=20&offset=0');

    fireEvent.change(screen.getByLabelText('Older than (days)'), { target: { value: '7' } });
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[3]?.url).toContain('older_than_days=7');

    const header = screen.getByRole('columnheader', { name: /Risk/ });
    expect(header.className).toContain('MuiDataGrid-columnHeader--sortable');
    expect(screen.getByRole('columnheader', { name: /Age/ }).className).not.toContain('--sortable');
    fireEvent.click(within(header).getByText('Risk'));
    await waitFor(() => expect(calls).toHaveLength(5));
    expect(calls[4]?.url).toContain('sort=risk&order=asc');
  });

  it('searches by name, email or id once the operator pauses', async () => {
    const calls = stubFetch([page([highRisk, standard]), page([standard])]);
    renderQueue();
    await screen.findByText('Léa Tremblay <lea@example.com>');
    fireEvent.change(screen.getByLabelText('Name, email or id'), { target: { value: 'tom@' } });
    expect(calls).toHaveLength(1);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/admin/verifications?q=tom%40&limit=20&offset=0');
  });

  it('speaks French, with French plurals', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([page([highRisk, standard])]);
    renderQueue();
    const row = (await screen.findByText('Léa Tremblay <lea@example.com>')).closest('[role="row"]') as HTMLElement;
    expect(screen.getByRole('heading', { name: 'Vérifications' })).toBeTruthy();
    expect(within(row).getByText('En cours d’examen')).toBeTruthy();
    expect(within(row).getByText('Élevé')).toBeTruthy();
    // Testing Library reads the no-break space as a space.
    expect(within(row).getByText('8 jours')).toBeTruthy();
    expect(within(row).getByText('Attendue')).toBeTruthy();
    const other = screen.getByText('Tom Baker <tom@example.com>').closest('[role="row"]') as HTMLElement;
    expect(within(other).getByText('1 jour')).toBeTruthy();
  });
});
