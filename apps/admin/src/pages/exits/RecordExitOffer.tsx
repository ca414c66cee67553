import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCreateExitOfferRequest, TExitOfferDetail } from '@parcelle/shared/contracts/exits';
import { EXIT_VOTE_TERMS } from '@parcelle/shared/exit';
import { fromMajorString } from '@parcelle/shared/money';
import { useCreate, useGetLocale, useTranslate } from '@refinedev/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { MoneyFacts, perPartAndTotal } from '../../components/MoneyFacts';
import { type PickedWork, WorkPicker, workLabel } from '../../components/WorkPicker';
import { countText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

/** A percentage typed by the operator ("66.67", "50") as basis points; undefined when empty, NaN when unreadable. */
export function bpsOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return fromMajorString(trimmed);
  } catch {
    return Number.NaN;
  }
}

const isoOf = (local: string) => (local ? new Date(local).toISOString() : undefined);

/**
 * POST /api/admin/exits: records a buyer's offer on a work chosen by the picker, after a confirmation naming the work,
 * the offer and what it comes to per part; the vote is opened afterwards from the offer's page.
 */
export function RecordExitOffer() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [work, setWork] = useState<PickedWork | null>(null);
  const [pending, setPending] = useState<TCreateExitOfferRequest | null>(null);
  const navigate = useNavigate();
  const { mutate, mutation } = useCreate<TExitOfferDetail>();
  const [fields, setFields] = useState({
    buyer_name: '',
    amount: '',
    currency: 'EURO' as 'EURO' | 'USD',
    vote_opens_at: '',
    vote_closes_at: '',
    quorum: '',
    majority: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let amountMinor: number;
    try {
      amountMinor = fromMajorString(fields.amount);
    } catch {
      setProblem(translate('exits.invalidAmount'));
      return;
    }
    const quorum = bpsOf(fields.quorum);
    const majority = bpsOf(fields.majority);
    if (Number.isNaN(quorum) || Number.isNaN(majority)) {
      setProblem(translate('exits.invalidTerms'));
      return;
    }
    if (!work) {
      setProblem(translate('picker.help'));
      return;
    }
    const body: TCreateExitOfferRequest = {
      painting_id: work.id,
      buyer_name: fields.buyer_name,
      amount_minor: amountMinor,
      currency: fields.currency,
      vote_opens_at: isoOf(fields.vote_opens_at),
      vote_closes_at: isoOf(fields.vote_closes_at),
      quorum_bps: quorum,
      majority_bps: majority,
    };
    setProblem(null);
    setPending(body);
  };
  const record = () => {
    if (!pending) return;
    mutate(
      { resource: 'exits', values: pending, successNotification: false, errorNotification: false },
      {
        onSuccess: (answer) => navigate(`/exits/${answer.data.id}`),
        onError: (error) => {
          setProblem(errorMessage(error));
          setPending(null);
        },
      },
    );
  };
  const facts = (body: TCreateExitOfferRequest): Array<[string, string]> => {
    const parts = work?.total_parts ?? 0;
    const { perPart, total } = perPartAndTotal(
      { totalMinor: body.amount_minor },
      parts,
      body.currency,
      language,
      translate,
    );
    return [
      [translate('confirm.work'), work ? workLabel(work, language) : body.painting_id],
      [translate('exits.buyer'), body.buyer_name],
      [translate('confirm.total'), total],
      [translate('confirm.perPart'), perPart],
      [translate('confirm.partsOfWork'), countText(parts, language)],
    ];
  };

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {translate('exits.newTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {translate('exits.newIntro', {
          quorum: EXIT_VOTE_TERMS.quorumBps / 100,
          majority: EXIT_VOTE_TERMS.majorityBps / 100,
          count: EXIT_VOTE_TERMS.windowDays,
        })}
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Paper sx={{ p: 3, maxWidth: 720 }}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
          <WorkPicker label={translate('exits.paintingId')} value={work} onChange={setWork} />
          <TextField label={translate('exits.buyer')} required value={fields.buyer_name} onChange={set('buyer_name')} />
          <Stack direction="row" spacing={2}>
            <TextField
              label={translate('exits.amountMajor')}
              required
              inputMode="decimal"
              value={fields.amount}
              onChange={set('amount')}
              sx={{ maxWidth: 260 }}
            />
            <TextField
              select
              label={translate('exits.currency')}
              value={fields.currency}
              onChange={set('currency')}
              sx={{ width: 160 }}
            >
              <MenuItem value="EURO">EUR</MenuItem>
              <MenuItem value="USD">USD</MenuItem>
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={translate('exits.opensAt')}
              type="datetime-local"
              value={fields.vote_opens_at}
              onChange={set('vote_opens_at')}
              helperText={translate('exits.opensAtHelp')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={translate('exits.closesAt')}
              type="datetime-local"
              value={fields.vote_closes_at}
              onChange={set('vote_closes_at')}
              helperText={translate('exits.closesAtHelp', { count: EXIT_VOTE_TERMS.windowDays })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={translate('exits.quorum')}
              inputMode="decimal"
              value={fields.quorum}
              onChange={set('quorum')}
              helperText={translate('exits.defaultPercent', { value: EXIT_VOTE_TERMS.quorumBps / 100 })}
            />
            <TextField
              label={translate('exits.majority')}
              inputMode="decimal"
              value={fields.majority}
              onChange={set('majority')}
              helperText={translate('exits.defaultPercent', { value: EXIT_VOTE_TERMS.majorityBps / 100 })}
            />
          </Stack>
          <div>
            <Button type="submit" variant="contained" disabled={mutation.isPending}>
              {translate('exits.record')}
            </Button>
          </div>
        </Stack>
      </Paper>
      <Dialog
        open={Boolean(pending)}
        onClose={() => setPending(null)}
        aria-labelledby="exit-confirm"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="exit-confirm">{translate('exits.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {pending && translate('exits.confirmText', { buyer: pending.buyer_name })}
          </DialogContentText>
          {pending && <MoneyFacts facts={facts(pending)} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{translate('exits.cancel')}</Button>
          <Button variant="contained" onClick={record} disabled={mutation.isPending} autoFocus>
            {translate('exits.record')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
