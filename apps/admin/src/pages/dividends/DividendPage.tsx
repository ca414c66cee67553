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
import type { Currency } from '@parcelle/shared/constants';
import type { TDividendPreview } from '@parcelle/shared/contracts/admin-money';
import { formatMoney } from '@parcelle/shared/money';
import { useCustomMutation, useGetLocale, useInvalidate, useNotification, useOne, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FactList } from '../../components/FactList';
import { MoneyFacts, perPartAndTotal } from '../../components/MoneyFacts';
import { dateText, dateTimeText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

/** The rounding rule of a preview in words: how the total was split and where the remainder went. */
export function roundingText(
  preview: Pick<TDividendPreview, 'rounding' | 'total'>,
  translate: (key: string, options?: Record<string, unknown>) => string,
  language: Language,
): string {
  const currency = preview.total.curr as Currency;
  if (preview.rounding.rule === 'per_part') return translate('dividends.rulePerPart');
  return translate('dividends.ruleLargestRemainder', {
    floored: formatMoney(preview.rounding.floored_minor, currency, language),
    remainder: formatMoney(preview.rounding.remainder_minor, currency, language),
    units: preview.rounding.remainder_minor,
  });
}

/** GET /api/admin/dividends/:id: every holder's amount and the rounding; a second operator approves, which pays. */
export function DividendPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { query, result } = useOne<TDividendPreview>({ resource: 'dividends', id });
  const [confirm, setConfirm] = useState(false);
  if (query.isLoading) return <CircularProgress aria-label={translate('dividends.loading')} />;
  if (query.error || !result)
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{translate('list.retry')}</Button>}>
        {errorMessage(query.error)}
      </Alert>
    );
  const preview = result;
  const currency = preview.total.curr as Currency;
  const facts: Array<[string, string]> = [
    [translate('dividends.paintingTitle'), `${preview.painting.title} (${preview.painting.id})`],
    [translate('dividends.year'), String(preview.year)],
    [translate('dividends.recordDateShort'), dateTimeText(preview.record_date, language)],
    [translate('dividends.totalAmount'), moneyText(preview.total_minor, preview.total.curr, language)],
    [translate('dividends.paidOut'), moneyText(preview.paid_out_minor, preview.total.curr, language)],
    [
      translate('dividends.retained', { count: preview.unsold_parts }),
      moneyText(preview.retained_minor, preview.total.curr, language),
    ],
    [
      translate('dividends.perPart'),
      preview.per_part_minor === null ? '—' : formatMoney(preview.per_part_minor, currency, language),
    ],
    [translate('dividends.parts'), String(preview.parts)],
    [translate('dividends.status'), translate(`dividends.${preview.status}`)],
    [
      translate('dividends.declaredBy'),
      `${preview.declared_by_email ?? preview.declared_by} — ${dateTimeText(preview.declared_at, language)}`,
    ],
    [
      translate('dividends.approvedBy'),
      preview.approved_by
        ? `${preview.approved_by_email ?? preview.approved_by} — ${dateTimeText(preview.paid_at, language)}`
        : '—',
    ],
  ];
  return (
    <>
      <Link component={RouterLink} to="/dividends" sx={{ display: 'inline-block', mb: 1 }}>
        {translate('dividends.back')}
      </Link>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h1" component="h1">
          {translate('dividends.previewTitle', { reference: preview.reference })}
        </Typography>
        {preview.status === 'declared' && (
          <Button variant="contained" onClick={() => setConfirm(true)}>
            {translate('dividends.approve')}
          </Button>
        )}
      </Stack>
      {preview.status === 'declared' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('dividends.notPaidYet')}
        </Alert>
      )}
      <Paper sx={{ p: 2, mb: 2 }}>
        <FactList facts={facts} />
      </Paper>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {translate('dividends.rounding')}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="rounding">
        {roundingText(preview, translate, language)}
      </Typography>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {translate('dividends.holders', { count: preview.holders.length })}
      </Typography>
      <Paper sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('dividends.holders', { count: preview.holders.length })}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('dividends.holder')}</TableCell>
              <TableCell align="right">{translate('dividends.parts')}</TableCell>
              <TableCell align="right">{translate('dividends.exact')}</TableCell>
              <TableCell align="right">{translate('dividends.holderAmount')}</TableCell>
              <TableCell>{translate('dividends.remainderUnit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.holders.map((holder) => (
              <TableRow key={holder.user_id}>
                <TableCell>
                  {holder.name} &lt;{holder.email}&gt;
                </TableCell>
                <TableCell align="right">{holder.parts}</TableCell>
                <TableCell align="right">{holder.exact_minor}</TableCell>
                <TableCell align="right">{formatMoney(holder.amount_minor, currency, language)}</TableCell>
                <TableCell>{holder.remainder_unit ? translate('dividends.plusOne') : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {confirm && <ApproveDialog preview={preview} language={language} onClose={() => setConfirm(false)} />}
    </>
  );
}

function ApproveDialog({
  preview,
  language,
  onClose,
}: {
  preview: TDividendPreview;
  language: Language;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const approve = () =>
    mutate(
      {
        url: `/admin/dividends/${preview.id}/approve`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({ type: 'success', message: translate('dividends.approvedDone') });
          void invalidate({ resource: 'dividends', invalidates: ['list', 'detail'], id: preview.id });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="dividend-approve" fullWidth maxWidth="sm">
      <DialogTitle id="dividend-approve">
        {translate('dividends.approveTitle', { reference: preview.reference })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('dividends.approveText', {
            total: moneyText(preview.paid_out_minor, preview.total.curr, language),
            count: preview.holders.length,
            date: dateText(preview.record_date, language),
          })}
        </DialogContentText>
        <MoneyFacts facts={approvalFacts(preview, language, translate)} />
        {problem && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {problem}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('dividends.cancel')}</Button>
        <Button variant="contained" onClick={approve} disabled={mutation.isPending} autoFocus>
          {translate('dividends.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the approval pays: the work, the amount per part and the total over the holders' parts at the record date. */
function approvalFacts(
  preview: TDividendPreview,
  language: Language,
  translate: (key: string, options?: Record<string, unknown>) => string,
): Array<[string, string]> {
  const currency = preview.total.curr as Currency;
  // The amount is for every part of the work: the members' parts and the unsold ones, whose share Parcelle keeps.
  const { perPart, total } = perPartAndTotal(
    preview.per_part_minor === null ? { totalMinor: preview.total_minor } : { perPartMinor: preview.per_part_minor },
    preview.parts + preview.unsold_parts,
    currency,
    language,
    translate,
  );
  return [
    [translate('confirm.work'), preview.painting.title],
    [translate('confirm.perPart'), perPart],
    [translate('confirm.total'), total],
    [translate('dividends.paidOut'), formatMoney(preview.paid_out_minor, currency, language)],
    [
      translate('dividends.retained', { count: preview.unsold_parts }),
      formatMoney(preview.retained_minor, currency, language),
    ],
  ];
}
