import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmedFacts } from '../../test/confirm';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { listedWork, listedWorks, pickWork } from '../../test/works';
import { RecordExitOffer } from './RecordExitOffer';

setUpScreenTests();

describe('recording an exit offer', () => {
  it('takes the work from the picker and records only after a confirmation naming it, the offer and per part', async () => {
    const calls = stubFetch([ok({ paintings: [], total: 0 }), ok(listedWorks), [500, { status: 500 }]]);
    renderScreen(<RecordExitOffer />, {
      path: '*',
      url: '/exits/new',
      resources: [{ name: 'exits', list: '/exits', create: '/exits/new', show: '/exits/:id' }],
    });
    await pickWork(/Work/);
    fireEvent.change(screen.getByLabelText(/^Buyer/), { target: { value: 'Fondation Lumière' } });
    fireEvent.change(screen.getByLabelText(/^Offer amount/), { target: { value: '1200000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record the offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this exit offer?' });
    expect(calls).toHaveLength(2);
    // 1,200,000.00 over the work's 400 parts: 3,000.00 a part.
    expect(confirmedFacts(dialog)).toEqual([
      'Work: Water Lilies — Claude Monet',
      'Buyer: Fondation Lumière',
      'Total: €1,200,000.00',
      'Amount per part: €3,000.00',
      'Parts of the work: 400',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the offer' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({
      url: '/api/admin/exits',
      method: 'POST',
      body: { painting_id: listedWork.id, buyer_name: 'Fondation Lumière', amount_minor: 120_000_000 },
    });
  });
});
