import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TExitOfferDetail } from '@parcelle/shared/contracts/exits';
import { formatNumber } from '@parcelle/shared/money';
import { useCustomMutation, useGetLocale, useInvalidate, useNotification, useOne, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FactList } from '../../components/FactList';
import { MoneyFacts, perPartAndTotal } from '../../components/MoneyFacts';
import { dateTimeText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

type Action = 'open' | 'resolve';

const percent = (bps: number, language: Language) =>
  formatNumber(bps / 10_000, language, { style: 'percent', maximumFractionDigits: 2 });

/** GET /api/admin/exits/:id: the offer, its tally and voters; open the vote, then resolve it after the window. */
export function ExitOfferPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { query, result } = useOne<TExitOfferDetail>({ resource: 'exits', id });
  const [action, setAction] = useState<Action | null>(null);
  if (query.isLoading) return <CircularProgress aria-label={translate('exits.loading')} />;
  if (query.error || !result)
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{translate('list.retry')}</Button>}>
        {errorMessage(query.error)}
      </Alert>
    );
  const offer = result;
  const money = (minor: number) => moneyText(minor, offer.currency, language);
  const tally = offer.tally;
  const facts: Array<[string, string]> = [
    [translate('exits.painting'), `${offer.painting.title} (${offer.painting.id})`],
    [translate('exits.buyer'), offer.buyer_name],
    [translate('exits.amount'), money(offer.amount_minor)],
    [translate('exits.fee'), money(offer.fee_minor)],
    [translate('exits.net'), money(offer.net_minor)],
    [translate('exits.status'), translate(`exits.statuses.${offer.status}`)],
    [translate('exits.quorum'), percent(offer.quorum_bps, language)],
    [translate('exits.majority'), percent(offer.majority_bps, language)],
    [translate('exits.opensAt'), offer.vote_opens_at ? dateTimeText(offer.vote_opens_at, language) : '—'],
    [translate('exits.closesAt'), dateTimeText(offer.vote_closes_at, language)],
    [translate('exits.openedAt'), offer.opened_at ? dateTimeText(offer.opened_at, language) : '—'],
    [translate('exits.resolvedAt'), offer.resolved_at ? dateTimeText(offer.resolved_at, language) : '—'],
    [translate('exits.recordedBy'), offer.recorded_by_email ?? '—'],
  ];
  const tallyText = translate('exits.tallyText', {
    accept: tally.accept_parts,
    reject: tally.reject_parts,
    cast: tally.cast_parts,
    eligible: tally.eligible_parts,
    quorum: translate(tally.quorum_met ? 'exits.met' : 'exits.notMet'),
    majority: translate(tally.majority_met ? 'exits.met' : 'exits.notMet'),
  });
  return (
    <>
      <Link component={RouterLink} to="/exits" sx={{ display: 'inline-block', mb: 1 }}>
        {translate('exits.back')}
      </Link>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h1" component="h1">
          {translate('exits.offerTitle', { reference: offer.reference })}
        </Typography>
        {offer.status === 'recorded' && (
          <Button variant="contained" onClick={() => setAction('open')}>
            {translate('exits.open')}
          </Button>
        )}
        {offer.status === 'voting' && (
          <Button variant="contained" onClick={() => setAction('resolve')}>
            {translate('exits.resolve')}
          </Button>
        )}
      </Stack>
      <Paper sx={{ p: 2, mb: 2 }}>
        <FactList facts={facts} />
      </Paper>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {translate('exits.tally')}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="exit-tally">
        {tallyText}
      </Typography>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {translate('exits.voters', { count: offer.voters.length })}
      </Typography>
      <Paper sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('exits.voters', { count: offer.voters.length })}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('exits.holder')}</TableCell>
              <TableCell align="right">{translate('exits.parts')}</TableCell>
              <TableCell>{translate('exits.choice')}</TableCell>
              <TableCell align="right">{translate('exits.payout')}</TableCell>
              <TableCell align="right">{translate('exits.costBasis')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {offer.voters.map((voter) => (
              <TableRow key={voter.user_id}>
                <TableCell>
                  {voter.name} &lt;{voter.email}&gt;
                </TableCell>
                <TableCell align="right">{voter.parts}</TableCell>
                <TableCell>{voter.choice ? translate(`exits.choices.${voter.choice}`) : '—'}</TableCell>
                <TableCell align="right">{voter.payout_minor === null ? '—' : money(voter.payout_minor)}</TableCell>
                <TableCell align="right">
                  {voter.cost_basis_minor === null ? '—' : money(voter.cost_basis_minor)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {action && <ConfirmDialog offer={offer} action={action} language={language} onClose={() => setAction(null)} />}
    </>
  );
}

function ConfirmDialog({
  offer,
  action,
  language,
  onClose,
}: {
  offer: TExitOfferDetail;
  action: Action;
  language: Language;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const run = () =>
    mutate(
      {
        url: `/admin/exits/${offer.id}/${action}`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({
            type: 'success',
            message: translate(action === 'open' ? 'exits.openedDone' : 'exits.resolvedDone'),
          });
          void invalidate({ resource: 'exits', invalidates: ['list', 'detail'], id: offer.id });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  const titleId = `exit-${action}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {translate(action === 'open' ? 'exits.openTitle' : 'exits.resolveTitle', { reference: offer.reference })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate(action === 'open' ? 'exits.openText' : 'exits.resolveText', {
            closes: dateTimeText(offer.vote_closes_at, language),
            net: moneyText(offer.net_minor, offer.currency, language),
          })}
        </DialogContentText>
        {action === 'resolve' && <MoneyFacts facts={resolveFacts(offer, language, translate)} />}
        {problem && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {problem}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('exits.cancel')}</Button>
        <Button variant="contained" onClick={run} disabled={mutation.isPending} autoFocus>
          {translate(action === 'open' ? 'exits.open' : 'exits.resolve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What resolving may pay: the work, the net shared among the holders, and about what each part gets. */
function resolveFacts(
  offer: TExitOfferDetail,
  language: Language,
  translate: (key: string, options?: Record<string, unknown>) => string,
): Array<[string, string]> {
  const parts = offer.tally.eligible_parts;
  const { perPart, total } = perPartAndTotal(
    { totalMinor: offer.net_minor },
    parts,
    offer.currency,
    language,
    translate,
  );
  return [
    [translate('confirm.work'), offer.painting.title],
    [translate('confirm.perPart'), perPart],
    [translate('confirm.total'), total],
  ];
}
