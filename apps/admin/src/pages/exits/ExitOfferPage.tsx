import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TExitOfferDetail } from '@parcelle/shared/contracts/exits';
import { formatNumber, fromMajorString } from '@parcelle/shared/money';
import { useCustomMutation, useGetLocale, useInvalidate, useNotification, useOne, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FactList } from '../../components/FactList';
import { MoneyFacts, perPartAndTotal } from '../../components/MoneyFacts';
import { dateTimeText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

type Action = 'open' | 'funds' | 'approve' | 'resolve';

/** Each action's words in the console catalogue: button, dialog title, dialog text, and the notice once done. */
const WORDS: Record<Action, { button: string; title: string; text: string; done: string }> = {
  open: { button: 'exits.open', title: 'exits.openTitle', text: 'exits.openText', done: 'exits.openedDone' },
  funds: { button: 'exits.funds', title: 'exits.fundsTitle', text: 'exits.fundsText', done: 'exits.fundsDone' },
  approve: {
    button: 'exits.approve',
    title: 'exits.approveTitle',
    text: 'exits.approveText',
    done: 'exits.approvedDone',
  },
  resolve: {
    button: 'exits.resolve',
    title: 'exits.resolveTitle',
    text: 'exits.resolveText',
    done: 'exits.resolvedDone',
  },
};

const percent = (bps: number, language: Language) =>
  formatNumber(bps / 10_000, language, { style: 'percent', maximumFractionDigits: 2 });

/**
 * GET /api/admin/exits/:id: the offer, its tally and voters. Record the buyer's funds received, have a second operator
 * approve it (the appraisal flag shown and acknowledged), open the vote, then resolve it after the window.
 */
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
    [translate('exits.appraisal'), offer.appraisal_minor === null ? '—' : money(offer.appraisal_minor)],
    [translate('exits.flag'), translate(offer.appraisal_flagged ? 'exits.flagged' : 'exits.notFlagged')],
    [translate('exits.fundsReceived'), money(offer.funds_received_minor)],
    [
      translate('exits.approvedBy'),
      offer.approved_by_email && offer.approved_at
        ? `${offer.approved_by_email} (${dateTimeText(offer.approved_at, language)})`
        : translate('exits.notApproved'),
    ],
  ];
  const undecided = offer.status === 'recorded' || offer.status === 'voting';
  const actions: Action[] = undecided
    ? [
        'funds',
        ...(offer.approved_by_email ? [] : (['approve'] as const)),
        offer.status === 'recorded' ? ('open' as const) : ('resolve' as const),
      ]
    : [];
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
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {actions.map((name) => (
            <Button key={name} variant={name === 'funds' ? 'outlined' : 'contained'} onClick={() => setAction(name)}>
              {translate(WORDS[name].button)}
            </Button>
          ))}
        </Stack>
      </Stack>
      {offer.appraisal_flagged && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="exit-appraisal-flag">
          {appraisalWarning(offer, translate, language)}
        </Alert>
      )}
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

/** Why an offer is flagged: its amount against the latest appraisal, or no appraisal to compare. */
function appraisalWarning(
  offer: TExitOfferDetail,
  translate: ReturnType<typeof useTranslate>,
  language: Language,
): string {
  const amount = moneyText(offer.amount_minor, offer.currency, language);
  if (offer.appraisal_minor === null) return translate('exits.flagNoAppraisal', { amount });
  return translate('exits.flagWarning', {
    amount,
    appraisal: moneyText(offer.appraisal_minor, offer.currency, language),
  });
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
  const [amount, setAmount] = useState('');
  const [bankReference, setBankReference] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const words = WORDS[action];
  const valuesOf = (): Record<string, unknown> | null => {
    if (action === 'approve') return { acknowledge_appraisal_flag: acknowledged };
    if (action !== 'funds') return {};
    try {
      return { amount_minor: fromMajorString(amount), bank_reference: bankReference };
    } catch {
      setProblem(translate('exits.invalidAmount'));
      return null;
    }
  };
  const run = () => {
    const values = valuesOf();
    if (!values) return;
    mutate(
      {
        url: `/admin/exits/${offer.id}/${action}`,
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({ type: 'success', message: translate(words.done) });
          void invalidate({ resource: 'exits', invalidates: ['list', 'detail'], id: offer.id });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  const titleId = `exit-${action}`;
  const mustAcknowledge = action === 'approve' && offer.appraisal_flagged && !acknowledged;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(words.title, { reference: offer.reference })}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate(words.text, {
            closes: dateTimeText(offer.vote_closes_at, language),
            net: moneyText(offer.net_minor, offer.currency, language),
            amount: moneyText(offer.amount_minor, offer.currency, language),
            received: moneyText(offer.funds_received_minor, offer.currency, language),
          })}
        </DialogContentText>
        {action === 'resolve' && <MoneyFacts facts={resolveFacts(offer, language, translate)} />}
        {action === 'funds' && (
          <Stack sx={{ gap: 2, mt: 2 }}>
            <TextField
              label={translate('exits.fundsAmount', { currency: offer.currency === 'EURO' ? 'EUR' : 'USD' })}
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              label={translate('exits.bankReference')}
              required
              value={bankReference}
              onChange={(event) => setBankReference(event.target.value)}
            />
          </Stack>
        )}
        {action === 'approve' && offer.appraisal_flagged && (
          <>
            <Alert severity="warning" sx={{ mt: 2 }}>
              {appraisalWarning(offer, translate, language)}
            </Alert>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />}
              label={translate('exits.acknowledge')}
            />
          </>
        )}
        {problem && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {problem}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('exits.cancel')}</Button>
        <Button variant="contained" onClick={run} disabled={mutation.isPending || mustAcknowledge} autoFocus>
          {translate(words.button)}
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
