import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCreateExitOfferRequest, TExitOfferDetail } from '@parcelle/shared/contracts/exits';
import { EXIT_VOTE_TERMS } from '@parcelle/shared/exit';
import { fromMajorString } from '@parcelle/shared/money';
import { useCreate, useTranslate } from '@refinedev/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../providers/auth-provider';

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

/** POST /api/admin/exits: records a buyer's offer; the vote is opened afterwards from the offer's page. */
export function RecordExitOffer() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { mutate, mutation } = useCreate<TExitOfferDetail>();
  const [fields, setFields] = useState({
    painting_id: '',
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
    const body: TCreateExitOfferRequest = {
      painting_id: fields.painting_id.trim(),
      buyer_name: fields.buyer_name,
      amount_minor: amountMinor,
      currency: fields.currency,
      vote_opens_at: isoOf(fields.vote_opens_at),
      vote_closes_at: isoOf(fields.vote_closes_at),
      quorum_bps: quorum,
      majority_bps: majority,
    };
    setProblem(null);
    mutate(
      { resource: 'exits', values: body, successNotification: false, errorNotification: false },
      {
        onSuccess: (answer) => navigate(`/exits/${answer.data.id}`),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
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
          days: EXIT_VOTE_TERMS.windowDays,
        })}
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Paper sx={{ p: 3, maxWidth: 720 }}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
          <TextField
            label={translate('exits.paintingId')}
            required
            value={fields.painting_id}
            onChange={set('painting_id')}
          />
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
              helperText={translate('exits.closesAtHelp', { days: EXIT_VOTE_TERMS.windowDays })}
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
    </>
  );
}
