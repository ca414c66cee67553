// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { TMemberExitVote } from '@parcelle/shared/contracts/exits';
import { messages } from '@parcelle/shared/i18n/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { theme } from '../theme/theme';
import { ExitVoteCards } from './ExitVoteCards';

initI18n();

const ok = (data: unknown, message = { en: 'OK', fr: 'OK' }) =>
  new Response(JSON.stringify({ status: 200, data, message }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function openVote(extra: Partial<TMemberExitVote> = {}): TMemberExitVote {
  return {
    id: 'o1',
    reference: 'EX-1',
    painting: { id: 'p1', title: { en: 'Water Lilies', fr: 'Les Nymphéas' }, img: 'p1.jpg' },
    buyer_name: 'Fondation Test',
    amount: { value: 1000.01, curr: 'EURO' },
    amount_minor: 100_001,
    currency: 'EURO',
    net_minor: 97_501,
    my_share_minor: 21_667,
    my_cost_minor: 18_000,
    appraisal_minor: 90_000,
    my_appraisal_share_minor: 20_000,
    quorum_bps: 5_000,
    majority_bps: 6_667,
    vote_opens_at: '2026-11-10T10:00:00.000Z',
    vote_closes_at: '2026-11-24T10:00:00.000Z',
    my_parts: 2,
    my_choice: null,
    tally: {
      eligible_parts: 9,
      accept_parts: 0,
      reject_parts: 0,
      cast_parts: 0,
      quorum_met: false,
      majority_met: false,
      accepted: false,
    },
    ...extra,
  };
}

let posted: string[];
beforeEach(() => {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  posted = [];
  let vote = openVote();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST' && url.pathname === '/api/member/exits/o1/vote') {
        const choice = JSON.parse(String(init.body)).choice;
        posted.push(choice);
        vote = openVote({
          my_choice: choice,
          tally: {
            ...vote.tally,
            accept_parts: choice === 'accept' ? 2 : 0,
            reject_parts: choice === 'reject' ? 2 : 0,
          },
        });
        return ok(vote, messages.ExitVoteCast);
      }
      return ok({ votes: [vote] });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

function renderCards() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <main>
          <ExitVoteCards enabled />
        </main>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('the exit vote card', () => {
  it('shows the offer, the window, the tally and the member’s weight, and votes with a native button', async () => {
    renderCards();
    const card = await screen.findByRole('region', { name: 'Exit vote: Water Lilies' });
    expect(within(card).getByTestId('exit-vote-offer').textContent).toBe('€1,000.01');
    expect(within(card).getByTestId('exit-vote-share').textContent).toBe('€216.67');
    // Beside the share: what the member's parts cost and their share of the latest appraisal (issue 31).
    expect(within(card).getByTestId('exit-vote-cost').textContent).toBe('€180.00');
    expect(within(card).getByTestId('exit-vote-appraisal').textContent).toBe('€900.00');
    expect(within(card).getByTestId('exit-vote-my-appraisal').textContent).toBe('€200.00');
    expect(within(card).getByTestId('exit-vote-weight').textContent).toBe('Your vote weighs 2 parts');
    expect(within(card).getByText(/at least 50% of the parts vote and at least 66.67%/)).toBeTruthy();
    // Native buttons in the tab order: Enter and Space press them.
    const accept = within(card).getByRole('button', { name: 'Accept the offer' });
    expect(accept.tagName).toBe('BUTTON');
    expect(accept.tabIndex).toBe(0);
    accept.focus();
    expect(document.activeElement).toBe(accept);
    fireEvent.click(accept);
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Your vote is recorded.'));
    expect(posted).toEqual(['accept']);
    expect(within(card).getByRole('button', { name: 'Accept the offer' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(card).getByTestId('exit-vote-tally').textContent).toMatch(/2 parts accept, 0 parts reject/);
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says the cost is unknown and the work not appraised when they are (issue 31)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ok({ votes: [openVote({ my_cost_minor: null, appraisal_minor: null, my_appraisal_share_minor: null })] }),
      ),
    );
    renderCards();
    const card = await screen.findByRole('region', { name: 'Exit vote: Water Lilies' });
    expect(within(card).getByTestId('exit-vote-cost').textContent).toBe('Not recorded');
    expect(within(card).getByTestId('exit-vote-appraisal').textContent).toBe('Not appraised yet');
    expect(within(card).queryByTestId('exit-vote-my-appraisal')).toBeNull();
  });

  it('speaks French with its typography', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderCards();
    const card = await screen.findByRole('region', { name: 'Vote de sortie\u00a0: Les Nymphéas' });
    expect(within(card).getByTestId('exit-vote-offer').textContent).toBe('1\u202f000,01\u00a0€');
  });
});
