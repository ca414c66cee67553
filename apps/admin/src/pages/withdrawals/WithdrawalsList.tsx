import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TAdminWithdrawal } from '@parcelle/shared/contracts/admin';
import { ADMIN_WITHDRAWAL_STATUSES, ZRejectWithdrawal } from '@parcelle/shared/contracts/admin';
import { messages } from '@parcelle/shared/i18n/messages';
import { useCustomMutation, useGetLocale, useInvalidate, useNotification, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Grid } from '../../components/Grid';
import { ListHeader } from '../../components/ListHeader';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateTimeText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { fetchFile, saveBlob } from './download';

type Decision = { kind: 'approve' | 'reject' | 'release'; withdrawal: TAdminWithdrawal };
const STATUSES = ADMIN_WITHDRAWAL_STATUSES;
const TITLE = {
  approve: 'withdrawals.approveTitle',
  reject: 'withdrawals.rejectTitle',
  release: 'withdrawals.releaseTitle',
};
const TEXT = {
  approve: 'withdrawals.approveText',
  reject: 'withdrawals.rejectText',
  release: 'withdrawals.releaseText',
};
const DONE = { approve: 'withdrawals.approved', reject: 'withdrawals.rejected', release: 'withdrawals.released' };

/** The withdrawal queue: filtered by status on the server; approve, or reject with a reason, after a confirmation. */
export function WithdrawalsList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('withdrawals', {
    reference: 'reference',
    member: 'member',
    amount: 'amount',
    created_at: 'created_at',
    exported_at: 'exported_at',
  });
  const { table, gridProps } = useServerGrid<TAdminWithdrawal>('withdrawals', { sorts: gridSorts });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [exportProblem, setExportProblem] = useState<string | null>(null);

  // Whom, how much and the decision first: at 1280 px (the console's narrowest desktop) the reference, member, amount,
  // status and the Approve / Reject / Release buttons are in view together (IN_VIEW_AT_1280, the e2e check); the
  // history columns follow, to scroll to.
  const columns: GridColDef<TAdminWithdrawal>[] = [
    // A reference is WD- and 12 characters: whole at this width.
    { field: 'reference', headerName: translate('withdrawals.reference'), width: 150 },
    {
      field: 'member',
      headerName: translate('withdrawals.member'),
      flex: 1,
      minWidth: 240,
      valueGetter: (_value, row) => `${row.member.name} <${row.member.email}>`,
    },
    {
      field: 'amount',
      headerName: translate('withdrawals.amount'),
      width: 120,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_value, row) => moneyText(row.amount_minor, row.amount.curr, language),
    },
    {
      field: 'status',
      headerName: translate('withdrawals.status'),
      width: 110,
      valueFormatter: (value: string) => translate(`withdrawals.${value}`),
    },
    {
      field: 'actions',
      headerName: translate('withdrawals.actions'),
      width: 190,
      sortable: false,
      renderCell: ({ row }) =>
        row.status === 'APPROVED' ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <Button size="small" variant="contained" onClick={() => setDecision({ kind: 'release', withdrawal: row })}>
              {translate('withdrawals.release')}
            </Button>
          </Stack>
        ) : row.status === 'PENDING' ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <Button size="small" variant="contained" onClick={() => setDecision({ kind: 'approve', withdrawal: row })}>
              {translate('withdrawals.approve')}
            </Button>
            <Button
              size="small"
              color="error"
              variant="outlined"
              onClick={() => setDecision({ kind: 'reject', withdrawal: row })}
            >
              {translate('withdrawals.reject')}
            </Button>
          </Stack>
        ) : null,
    },
    { field: 'account', headerName: translate('withdrawals.account'), width: 170 },
    {
      field: 'created_at',
      headerName: translate('withdrawals.createdAt'),
      width: 180,
      valueFormatter: (value: string) => dateTimeText(value, language),
    },
    {
      field: 'decided_by_email',
      headerName: translate('withdrawals.decidedBy'),
      width: 220,
    },
    {
      field: 'released_by_email',
      headerName: translate('withdrawals.releasedBy'),
      width: 220,
    },
    {
      field: 'exported_at',
      headerName: translate('withdrawals.exportedAt'),
      width: 170,
      valueFormatter: (value: string | null) => dateTimeText(value, language),
    },
    { field: 'reason', headerName: translate('withdrawals.reason'), flex: 1, minWidth: 140 },
  ];

  return (
    <>
      <ListHeader
        title={translate('withdrawals.title')}
        actions={<SepaExport onProblem={setExportProblem} />}
        status={{
          label: translate('withdrawals.filterStatus'),
          values: STATUSES,
          text: (value) => translate(`withdrawals.${value}`),
          table,
        }}
      />
      {exportProblem && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setExportProblem(null)}>
          {exportProblem}
        </Alert>
      )}
      <Grid<TAdminWithdrawal>
        label={translate('withdrawals.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
      {decision && <DecisionDialog decision={decision} language={language} onClose={() => setDecision(null)} />}
    </>
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
  const { mutate, mutation } = useCustomMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { withdrawal, kind } = decision;
  const values = {
    reference: withdrawal.reference,
    amount: moneyText(withdrawal.amount_minor, withdrawal.amount.curr, language),
    member: withdrawal.member.name,
    account: withdrawal.account,
  };
  const submit = () => {
    let payload = {};
    if (kind === 'reject') {
      const parsed = ZRejectWithdrawal.safeParse({ reason });
      if (!parsed.success) {
        const key = parsed.error.issues[0]?.message as keyof typeof messages | undefined;
        setProblem(key && key in messages ? messages[key][language] : messages.ReasonRequired[language]);
        return;
      }
      payload = parsed.data;
    }
    mutate(
      {
        url: `/admin/withdrawals/${withdrawal.id}/${kind}`,
        method: 'post',
        values: payload,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({
            type: 'success',
            message: translate(DONE[kind]),
          });
          void invalidate({ resource: 'withdrawals', invalidates: ['list'] });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  const titleId = `decision-${withdrawal.id}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(TITLE[kind], values)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: kind === 'reject' ? 2 : 0 }}>{translate(TEXT[kind], values)}</DialogContentText>
        {kind === 'reject' && (
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={2}
            label={translate('withdrawals.rejectReason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(problem)}
            helperText={problem ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
        {kind !== 'reject' && problem && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {problem}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('withdrawals.cancel')}</Button>
        <Button
          variant="contained"
          color={kind === 'reject' ? 'error' : 'primary'}
          onClick={submit}
          disabled={mutation.isPending}
          autoFocus={kind !== 'reject'}
        >
          {translate(`withdrawals.${kind}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * GET /api/admin/withdrawals/sepa.xml through the operator's token: the released EUR bank payouts not yet exported,
 * saved as a file; the API's 409 (nothing to export, no debtor account configured) is shown as it says it.
 */
function SepaExport({ onProblem }: { onProblem: (problem: string | null) => void }) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const exportFile = async () => {
    setBusy(true);
    onProblem(null);
    try {
      const file = await fetchFile('/admin/withdrawals/sepa.xml', 'sepa.xml');
      saveBlob(file.blob, file.name);
      open?.({
        type: 'success',
        message: translate('withdrawals.exported', { count: Number(file.headers.get('x-payout-count') ?? 0) }),
      });
      void invalidate({ resource: 'withdrawals', invalidates: ['list'] });
    } catch (error) {
      onProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" onClick={() => void exportFile()} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
      {translate('withdrawals.exportSepa')}
    </Button>
  );
}
