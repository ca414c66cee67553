import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  BANK_STATEMENT_MAX_CHARS,
  BANK_TRANSFER_STATES,
  type ZAdminBankTransfer,
  ZAssignBankTransfer,
  type ZBankStatementImport,
  ZReturnBankTransfer,
} from '@parcelle/shared/contracts/deposits';
import { messages } from '@parcelle/shared/i18n/messages';
import { useGetLocale, useInvalidate, useNotification, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { FilePicker } from '../../components/FilePicker';
import { Grid } from '../../components/Grid';
import { ListHeader } from '../../components/ListHeader';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

type Transfer = z.infer<typeof ZAdminBankTransfer>;
type ImportResult = z.infer<typeof ZBankStatementImport>;
type Decision = { kind: 'assign' | 'return'; transfer: Transfer };

/** The amount as the bank wrote it: euros formatted from exact cents, another currency as its text and code. */
function amountOf(transfer: Transfer, language: Language): string {
  return transfer.amount_minor !== null && transfer.currency_code === 'EUR'
    ? moneyText(transfer.amount_minor, 'EURO', language)
    : `${transfer.amount_text} ${transfer.currency_code}`;
}

/**
 * Deposits by bank transfer (issue 31): finance imports the bank's camt.053 statement; each booked credit is credited
 * to the member its reference names, once, or waits here with its reason. From the queue an operator credits a
 * transfer to a member (by email) or marks it to be returned by the bank, each with a note (audited by the API).
 */
export function DepositsPage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('deposits', { booked_on: 'booked_on', amount: 'amount', created_at: 'created_at' });
  const { table, gridProps } = useServerGrid<Transfer>('deposits', {
    sorts: gridSorts,
    meta: { path: 'deposits/transfers', listKey: 'transfers' },
  });
  const [decision, setDecision] = useState<Decision | null>(null);

  const columns: GridColDef<Transfer>[] = [
    {
      field: 'booked_on',
      headerName: translate('deposits.bookedOn'),
      width: 140,
      valueFormatter: (value: string | null) => dateText(value, language),
    },
    {
      field: 'amount',
      headerName: translate('deposits.amount'),
      width: 120,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_value, row) => amountOf(row, language),
    },
    {
      field: 'status',
      headerName: translate('deposits.status'),
      width: 130,
      sortable: false,
      valueGetter: (_value, row) => translate(`deposits.state.${row.state}`),
    },
    {
      field: 'reason',
      headerName: translate('deposits.reason'),
      width: 200,
      sortable: false,
      valueFormatter: (value: string | null) => (value ? translate(`deposits.why.${value}`) : ''),
    },
    {
      field: 'actions',
      headerName: translate('deposits.actions'),
      width: 200,
      sortable: false,
      renderCell: ({ row }) =>
        row.state === 'queued' ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <Button size="small" variant="contained" onClick={() => setDecision({ kind: 'assign', transfer: row })}>
              {translate('deposits.assign')}
            </Button>
            <Button size="small" variant="outlined" onClick={() => setDecision({ kind: 'return', transfer: row })}>
              {translate('deposits.return')}
            </Button>
          </Stack>
        ) : null,
    },
    {
      field: 'member',
      headerName: translate('deposits.member'),
      flex: 1,
      minWidth: 220,
      sortable: false,
      valueGetter: (_value, row) => (row.member ? `${row.member.name} <${row.member.email}>` : ''),
    },
    { field: 'remittance', headerName: translate('deposits.remittance'), flex: 1, minWidth: 220, sortable: false },
    { field: 'debtor_name', headerName: translate('deposits.debtor'), width: 180, sortable: false },
    { field: 'ledger_reference', headerName: translate('deposits.ledgerReference'), width: 170, sortable: false },
    { field: 'entry_reference', headerName: translate('deposits.entryReference'), width: 190, sortable: false },
    { field: 'statement_id', headerName: translate('deposits.statement'), width: 190, sortable: false },
    { field: 'resolved_by', headerName: translate('deposits.resolvedBy'), width: 200, sortable: false },
    { field: 'resolution_note', headerName: translate('deposits.note'), width: 220, sortable: false },
  ];

  return (
    <>
      <ListHeader
        title={translate('deposits.title')}
        status={{
          label: translate('deposits.filterStatus'),
          values: BANK_TRANSFER_STATES,
          text: (value) => translate(`deposits.state.${value}`),
          table,
        }}
      />
      <StatementImport language={language} />
      <Grid<Transfer>
        label={translate('deposits.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
      {decision && <DecisionDialog decision={decision} language={language} onClose={() => setDecision(null)} />}
    </>
  );
}

/** Choose the statement file, import it, and see what it did (credited, queued, already imported, not deposits). */
function StatementImport({ language }: { language: Language }) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const send = async () => {
    if (!file) {
      setProblem(translate('deposits.chooseFile'));
      return;
    }
    setBusy(true);
    setProblem(null);
    setResult(null);
    try {
      const content = await file.text();
      if (content.length > BANK_STATEMENT_MAX_CHARS) throw new Error(messages.BankStatementTooLarge[language]);
      setResult(
        await apiCall<ImportResult>('/admin/deposits/statements', {
          method: 'POST',
          body: { file_name: file.name, content },
        }),
      );
      void invalidate({ resource: 'deposits', invalidates: ['list'] });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="section" aria-labelledby="deposits-import-title" sx={{ p: 2.5, mb: 2 }}>
      <Typography id="deposits-import-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
        {translate('deposits.importTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }} id="deposits-import-help">
        {translate('deposits.importHelp')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <label htmlFor="deposits-statement-file">{translate('deposits.fileLabel')}</label>
        <FilePicker
          id="deposits-statement-file"
          accept=".xml,application/xml,text/xml"
          describedBy="deposits-import-help"
          buttonLabel={translate('deposits.chooseFileButton')}
          onChange={(chosen) => {
            setFile(chosen);
            setProblem(null);
          }}
        />
        <Button variant="contained" onClick={() => void send()} disabled={busy} data-testid="deposits-import">
          {translate('deposits.import')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      {result && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="deposits-import-result">
          {translate('deposits.imported', {
            statements: result.statement_ids.join(', '),
            credited: result.credited,
            amount: moneyText(result.credited_minor, 'EURO', language),
            queued: result.queued,
            duplicates: result.duplicates,
            skipped: result.skipped,
          })}
        </Alert>
      )}
    </Paper>
  );
}

function DecisionDialog({
  decision,
  language,
  onClose,
}: {
  decision: Decision;
  language: Language;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [email, setEmail] = useState(decision.transfer.member?.email ?? '');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ field: 'email' | 'note' | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { kind, transfer } = decision;
  const values = { amount: amountOf(transfer, language), debtor: transfer.debtor_name ?? '—' };
  const submit = async () => {
    const parsed =
      kind === 'assign' ? ZAssignBankTransfer.safeParse({ email, note }) : ZReturnBankTransfer.safeParse({ note });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = issue?.message as keyof typeof messages | undefined;
      setProblem({
        field: issue?.path[0] === 'email' ? 'email' : 'note',
        text: key && key in messages ? messages[key][language] : messages.InvalidRequest[language],
      });
      return;
    }
    setBusy(true);
    try {
      await apiCall(`/admin/deposits/transfers/${transfer.id}/${kind}`, { method: 'POST', body: parsed.data });
      open?.({ type: 'success', message: translate(`deposits.done.${kind}`) });
      void invalidate({ resource: 'deposits', invalidates: ['list'] });
      onClose();
    } catch (error) {
      setProblem({ field: null, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const titleId = `deposit-decision-${transfer.id}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`deposits.${kind}Title`, values)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(`deposits.${kind}Text`, values)}</DialogContentText>
        <Stack spacing={2}>
          {kind === 'assign' && (
            <TextField
              autoFocus
              required
              fullWidth
              type="email"
              label={translate('deposits.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={problem?.field === 'email'}
              helperText={problem?.field === 'email' ? problem.text : ' '}
            />
          )}
          <TextField
            autoFocus={kind === 'return'}
            required
            fullWidth
            multiline
            minRows={2}
            label={translate('deposits.noteLabel')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={problem?.field === 'note'}
            helperText={problem?.field === 'note' ? problem.text : ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
        {problem?.field === null && (
          <Typography role="alert" color="error" sx={{ mt: 1 }}>
            {problem.text}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('withdrawals.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {translate(`deposits.${kind}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
