import type { TMemberExitVote, TPastExit } from '@parcelle/shared/contracts/exits';

export type TPastExitsData = { exits: TPastExit[]; base_url: string };

import type { ExitVoteChoice } from '@parcelle/shared/exit';
import { apiData } from '../session/api';

/** Exit votes (issue 17): the member's open votes and their vote, and the public record of past exits. */
export const exitKeys = {
  memberVotes: (paintingId?: string) => ['member', 'exits', paintingId ?? 'all'] as const,
  past: () => ['exits', 'past'] as const,
};

export function memberExitVotesQuery(paintingId?: string) {
  return {
    queryKey: exitKeys.memberVotes(paintingId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiData<{ votes: TMemberExitVote[] }>('/member/exits', {
        query: paintingId ? { painting_id: paintingId } : {},
        signal,
      }),
  };
}

export function castExitVote(offerId: string, choice: ExitVoteChoice) {
  return apiData<TMemberExitVote>(`/member/exits/${encodeURIComponent(offerId)}/vote`, {
    method: 'POST',
    body: { choice },
  });
}

export const pastExitsQuery = {
  queryKey: exitKeys.past(),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiData<TPastExitsData>('/exits', { signal }),
};
