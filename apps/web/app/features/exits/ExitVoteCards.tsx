import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { TMemberExitVote } from '@parcelle/shared/contracts/exits';
import { formatDate } from '@parcelle/shared/dates';
import type { ExitVoteChoice } from '@parcelle/shared/exit';
import { formatMoney } from '@parcelle/shared/money';
import { partsLabel } from '@parcelle/shared/parts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { castExitVote, exitKeys, memberExitVotesQuery } from './api';
import { formatBps } from './format';

/** One open exit vote: the offer, the window, the tally so far, the member's weight, and accept / reject. */
function ExitVoteCard({ vote, paintingId }: { vote: TMemberExitVote; paintingId?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [recorded, setRecorded] = useState(false);
  const title = localized(vote.painting.title, language);
  const money = (minor: number) => formatMoney(minor, vote.currency, language);
  const parts = (n: number) => partsLabel(n, language);
  const headingId = `exit-vote-${vote.id}`;

  async function choose(choice: ExitVoteChoice) {
    setBusy(true);
    setFailure(null);
    setRecorded(false);
    try {
      const updated = await castExitVote(vote.id, choice);
      queryClient.setQueryData(exitKeys.memberVotes(paintingId), (data: { votes: TMemberExitVote[] } | undefined) =>
        data ? { votes: data.votes.map((item) => (item.id === updated.id ? updated : item)) } : data,
      );
      await queryClient.invalidateQueries({ queryKey: ['member', 'exits'] });
      setRecorded(true);
    } catch (error) {
      setFailure(localized(errorText(error), language));
    } finally {
      setBusy(false);
    }
  }

  const choiceText =
    vote.my_choice === 'accept'
      ? t('exits.vote.choiceAccept')
      : vote.my_choice === 'reject'
        ? t('exits.vote.choiceReject')
        : t('exits.vote.choiceNone');

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="exit-vote-card"
      data-offer-id={vote.id}
      sx={{ p: { xs: 3, md: 4 }, borderColor: palette.line }}
    >
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {t('exits.vote.title', { title })}
      </Typography>
      <Typography sx={{ mb: 3, maxWidth: 640 }}>{t('exits.vote.intro', { buyer: vote.buyer_name })}</Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: 3,
          m: 0,
          mb: 3,
          '& dt': { color: palette.muted, fontSize: 14 },
          '& dd': { m: 0, mt: 0.5, fontSize: 18 },
        }}
      >
        <div>
          <dt>{t('exits.vote.offer')}</dt>
          <dd data-testid="exit-vote-offer">{money(vote.amount_minor)}</dd>
        </div>
        <div>
          <dt>{t('exits.vote.net')}</dt>
          <dd>{money(vote.net_minor)}</dd>
        </div>
        <div>
          <dt>{t('exits.vote.myShare')}</dt>
          <dd data-testid="exit-vote-share">{money(vote.my_share_minor)}</dd>
        </div>
        <div>
          <dt>{t('exits.vote.myCost')}</dt>
          <dd data-testid="exit-vote-cost">
            {vote.my_cost_minor === null ? t('exits.vote.costUnknown') : money(vote.my_cost_minor)}
          </dd>
        </div>
        <div>
          <dt>{t('exits.vote.appraisal')}</dt>
          <dd data-testid="exit-vote-appraisal">
            {vote.appraisal_minor === null ? t('exits.vote.notAppraised') : money(vote.appraisal_minor)}
          </dd>
        </div>
        {vote.my_appraisal_share_minor !== null && (
          <div>
            <dt>{t('exits.vote.myAppraisal')}</dt>
            <dd data-testid="exit-vote-my-appraisal">{money(vote.my_appraisal_share_minor)}</dd>
          </div>
        )}
        <div>
          <dt>{t('exits.vote.closes')}</dt>
          <dd>{formatDate(vote.vote_closes_at, language)}</dd>
        </div>
      </Box>
      <Typography data-testid="exit-vote-tally" sx={{ mb: 1 }}>
        {t('exits.vote.tally', {
          accept: parts(vote.tally.accept_parts),
          reject: parts(vote.tally.reject_parts),
          eligible: parts(vote.tally.eligible_parts),
        })}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted, mb: 2 }}>
        {t('exits.vote.rules', {
          quorum: formatBps(vote.quorum_bps, language),
          majority: formatBps(vote.majority_bps, language),
        })}
      </Typography>
      <Typography sx={{ fontWeight: 500 }} data-testid="exit-vote-weight">
        {t('exits.vote.myWeight', { parts: parts(vote.my_parts) })}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="exit-vote-choice">
        {choiceText}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          variant={vote.my_choice === 'accept' ? 'contained' : 'outlined'}
          aria-pressed={vote.my_choice === 'accept'}
          disabled={busy}
          onClick={() => choose('accept')}
          data-testid="exit-vote-accept"
        >
          {t('exits.vote.accept')}
        </Button>
        <Button
          variant={vote.my_choice === 'reject' ? 'contained' : 'outlined'}
          aria-pressed={vote.my_choice === 'reject'}
          disabled={busy}
          onClick={() => choose('reject')}
          data-testid="exit-vote-reject"
        >
          {t('exits.vote.reject')}
        </Button>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: recorded || failure ? 2 : 0 }}>
        {recorded ? <Alert severity="success">{t('exits.vote.recorded')}</Alert> : null}
      </Box>
      {failure ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
    </Paper>
  );
}

/**
 * The open exit votes of the signed-in member (issue 17), on the works they held when each vote opened: on the
 * portfolio (all of them) or narrowed to one work. Nothing is shown when there is none.
 */
export function ExitVoteCards({ enabled, paintingId }: { enabled: boolean; paintingId?: string }) {
  const query = useQuery({ ...memberExitVotesQuery(paintingId), enabled });
  const votes = query.data?.votes ?? [];
  if (votes.length === 0) return null;
  return (
    <Stack spacing={3} data-testid="exit-votes">
      {votes.map((vote) => (
        <ExitVoteCard key={vote.id} vote={vote} paintingId={paintingId} />
      ))}
    </Stack>
  );
}
