// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { actionsFor, ComplaintPage } from './ComplaintPage';
import { ComplaintsList, daysLate } from './ComplaintsList';

/** Issue 30: the complaints queue (due days, lateness, filters) and a case (actions with templates, notes, history). */

const ID = '7c0e7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const late = {
  id: ID,
  reference: 'RC-2026-000042',
  state: 'received',
  category: 'withdrawal',
  subject: 'Late withdrawal',
  complainant: { member_id: 'm1', name: 'Léa Tremblay', email: 'lea@example.com', language: 'fr' },
  received_at: '2026-10-01T09:00:00.000Z',
  acknowledged_at: null,
  answered_at: null,
  acknowledge_due_on: '2026-10-13',
  answer_due_on: '2026-12-01',
  acknowledge_overdue: true,
  answer_overdue: false,
  outcome: null,
};
const visitor = {
  ...late,
  id: '8d0e7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  reference: 'RC-2026-000043',
  complainant: { member_id: null, name: 'Tom Baker', email: 'tom@example.com', language: 'en' },
  acknowledge_overdue: false,
};
const page = (rows: unknown[]) => ok({ complaints: rows, total: rows.length });
const theCase = {
  ...late,
  body: 'My withdrawal took three weeks.',
  events: [
    {
      id: 'e1',
      kind: 'received',
      from_state: 'received',
      to_state: 'received',
      actor: 'member',
      actor_email: null,
      message: '',
      note: '',
      outcome: null,
      at: '2026-10-01T09:00:00.000Z',
    },
  ],
};

setUpScreenTests();

describe('the complaints queue', () => {
  it('shows the reference, who, the state and the due days with lateness; filters on the server', async () => {
    const calls = stubFetch([page([late, visitor]), page([late])]);
    renderScreen(<ComplaintsList />, {
      path: '*',
      url: '/complaints',
      resources: [{ name: 'complaints', list: '/complaints', show: '/complaints/:id' }],
    });
    const row = (await screen.findByText('RC-2026-000042')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Léa Tremblay <lea@example.com>')).toBeTruthy();
    expect(within(row).getByText('Received')).toBeTruthy();
    expect(within(row).getByText(/^Late by \d+ days$/)).toBeTruthy();
    const other = screen.getByText('RC-2026-000043').closest('[role="row"]') as HTMLElement;
    expect(within(other).getByText('Tom Baker <tom@example.com> (visitor)')).toBeTruthy();
    expect(within(other).queryByText(/^Late by/)).toBeNull();
    expect(within(row).getByRole('link', { name: 'Open RC-2026-000042' }).getAttribute('href')).toBe(
      `/complaints/${ID}`,
    );
    expect(calls[0]?.url).toBe('/api/admin/complaints?limit=20&offset=0');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Deadlines' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Past a deadline' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/admin/complaints?overdue=true&limit=20&offset=0');
  });

  it('counts the days late from the Paris day', () => {
    expect(daysLate('2026-10-13', new Date('2026-10-14T10:00:00Z'))).toBe(1);
    expect(daysLate('2026-10-13', new Date('2026-10-13T21:00:00Z'))).toBe(0);
    expect(daysLate('2026-10-13', new Date('2026-10-13T22:30:00Z'))).toBe(1);
  });
});

describe('a complaint', () => {
  const renderCase = () =>
    renderScreen(<ComplaintPage />, {
      path: '/complaints/:id',
      url: `/complaints/${ID}`,
      resources: [{ name: 'complaints', list: '/complaints', show: '/complaints/:id' }],
    });

  it('offers the actions its state allows', () => {
    expect(actionsFor('received')).toEqual(['acknowledge', 'escalate', 'answer']);
    expect(actionsFor('answered')).toEqual(['close']);
    expect(actionsFor('closed')).toEqual([]);
  });

  it('answers with the outcome and the template in the complainant’s language, edited by the operator', async () => {
    const calls = stubFetch([
      ok(theCase),
      ok({ ...theCase, state: 'answered' }),
      ok({ ...theCase, state: 'answered' }),
    ]);
    renderCase();
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe('RC-2026-000042 · Late withdrawal');
    expect(within(header).getByText(/Writes in French/)).toBeTruthy();
    expect(screen.getByText(/13.*2026 — Late$/)).toBeTruthy();
    fireEvent.click(within(header).getByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer complaint RC-2026-000042?' });
    const message = within(dialog).getByLabelText(/Message to the complainant \(in French/) as HTMLTextAreaElement;
    expect(message.value).toContain('Bonjour Léa Tremblay');
    expect(message.value).toContain('nous vous donnons raison.');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Outcome' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Not upheld' }));
    expect(message.value).toContain('nous ne pouvons y donner suite');
    fireEvent.change(message, { target: { value: 'Le virement est parti le 3 octobre.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({
      url: `/api/admin/complaints/${ID}/answer`,
      method: 'POST',
      body: { message: 'Le virement est parti le 3 octobre.', outcome: 'rejected' },
    });
  });

  it('refuses an escalation without its note, in the console’s language', async () => {
    stubFetch([ok(theCase)]);
    await act(() => i18nProvider.changeLocale('fr'));
    renderCase();
    fireEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Transmettre' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transmettre' }));
    expect(await within(dialog).findByText('Rédigez la note')).toBeTruthy();
  });
});
