import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TAdminMemberPage } from '@parcelle/shared/contracts/admin-money';
import { useCustomMutation, useGetLocale, useInvalidate, useNotification, useOne, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FactList } from '../../components/FactList';
import { dateText, dateTimeText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { actionBody, MEMBER_ACTIONS, type MemberAction } from './member-actions';

/** One section of the member page: a heading and a small table, or "nothing to show". */
function Section({
  title,
  head,
  rows,
}: {
  title: string;
  head: string[];
  rows: Array<{ key: string; cells: string[] }>;
}) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate('list.empty')}</Typography>
      ) : (
        <Paper sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {head.map((cell) => (
                  <TableCell key={cell}>{cell}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  {row.cells.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are positional.
                    <TableCell key={index}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}

/** GET /api/admin/members/:id: the member's profile (masked as the API sends it), money and sessions; support actions. */
export function MemberPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { query, result } = useOne<TAdminMemberPage & { id: string }>({ resource: 'members', id });
  const [action, setAction] = useState<MemberAction | null>(null);
  if (query.isLoading) return <CircularProgress aria-label={translate('dividends.loading')} />;
  if (query.error || !result)
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{translate('list.retry')}</Button>}>
        {errorMessage(query.error)}
      </Alert>
    );
  const { profile, verification } = result;
  const yesNo = (value: boolean) => translate(value ? 'members.yes' : 'members.no');
  const date = (iso: string | null) => dateTimeText(iso, language);
  const masked = translate('memberPage.masked');
  const actions: MemberAction[] = [
    verification.disabled ? 'enable' : 'disable',
    ...(verification.email_verified ? [] : (['resend'] as const)),
    'signOut',
    'note',
  ];
  return (
    <>
      <Link component={RouterLink} to="/members" sx={{ display: 'inline-block', mb: 1 }}>
        {translate('memberPage.back')}
      </Link>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {profile.first_name} {profile.last_name}
      </Typography>
      {verification.disabled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('memberPage.disabledSince', {
            date: date(verification.disabled_at),
            reason: verification.disabled_reason ?? '',
          })}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        {actions.map((name) => (
          <Button
            key={name}
            variant={name === 'disable' ? 'outlined' : 'contained'}
            color={name === 'disable' ? 'error' : 'primary'}
            onClick={() => setAction(name)}
          >
            {translate(`memberPage.actions.${name}`)}
          </Button>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <Paper component="section" sx={{ p: 2, flex: 1 }} aria-labelledby="member-profile">
          <Typography id="member-profile" variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {translate('memberPage.profile')}
          </Typography>
          <FactList
            dense
            blank="—"
            facts={[
              [translate('members.email'), profile.email],
              [translate('members.country'), profile.country ?? ''],
              [translate('memberPage.birthDate'), profile.masked ? masked : dateText(profile.birth_date, language)],
              [translate('memberPage.phone'), profile.masked ? masked : (profile.phone ?? '')],
              [translate('memberPage.paypal'), profile.masked ? masked : (profile.paypal_email ?? '')],
              [
                translate('memberPage.bank'),
                profile.bank ? `${profile.bank.account_owner} — •••• ${profile.bank.iban_last4}` : '',
              ],
              [translate('memberPage.language'), profile.language],
              [translate('memberPage.currency'), profile.currency],
              [translate('members.createdAt'), date(profile.created_at)],
            ]}
          />
        </Paper>
        <Paper component="section" sx={{ p: 2, flex: 1 }} aria-labelledby="member-verification">
          <Typography id="member-verification" variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {translate('memberPage.verification')}
          </Typography>
          <FactList
            dense
            blank="—"
            facts={[
              [
                translate('members.verified'),
                `${yesNo(verification.email_verified)} ${date(verification.email_verified_at)}`,
              ],
              [translate('memberPage.quickSignUp'), yesNo(verification.quick_sign_up)],
              [translate('members.disabled'), yesNo(verification.disabled)],
              [translate('memberPage.frozen'), yesNo(verification.frozen)],
              [translate('memberPage.payoutHold'), date(verification.payout_hold_until)],
              [
                translate('memberPage.balances'),
                result.wallet.balances_minor
                  .map((balance) => moneyText(balance.amount_minor, balance.curr, language))
                  .join(' · '),
              ],
            ]}
          />
        </Paper>
      </Stack>
      <Section
        title={translate('memberPage.holdings')}
        head={[translate('memberPage.work'), translate('memberPage.parts'), translate('memberPage.listedParts')]}
        rows={result.holdings.map((row) => ({
          key: row.painting_id,
          cells: [row.title, String(row.parts), String(row.listed_parts)],
        }))}
      />
      <Section
        title={translate('memberPage.purchases')}
        head={[
          translate('withdrawals.reference'),
          translate('memberPage.parts'),
          translate('withdrawals.amount'),
          translate('memberPage.method'),
          translate('withdrawals.status'),
          translate('memberPage.date'),
        ]}
        rows={result.purchases.map((row) => ({
          key: row.id,
          cells: [
            row.reference,
            String(row.quantity),
            moneyText(row.total_minor, row.total.curr, language),
            row.payment_method,
            row.status,
            date(row.created_at),
          ],
        }))}
      />
      <Section
        title={translate('memberPage.listings')}
        head={[
          translate('withdrawals.reference'),
          translate('memberPage.parts'),
          translate('memberPage.remaining'),
          translate('memberPage.unitPrice'),
          translate('withdrawals.status'),
          translate('memberPage.date'),
        ]}
        rows={result.listings.map((row) => ({
          key: row.id,
          cells: [
            row.reference,
            String(row.quantity),
            String(row.remaining),
            moneyText(row.unit_price_minor, row.unit_price.curr, language),
            row.status,
            date(row.created_at),
          ],
        }))}
      />
      <Section
        title={translate('memberPage.walletLines')}
        head={[
          translate('withdrawals.reference'),
          translate('ledger.description'),
          translate('withdrawals.amount'),
          translate('memberPage.date'),
        ]}
        rows={result.wallet.lines.map((row) => ({
          key: `${row.transaction_id}-${row.amount.curr}`,
          cells: [
            row.reference,
            row.description,
            moneyText(row.amount_minor, row.amount.curr, language),
            date(row.created_at),
          ],
        }))}
      />
      <Section
        title={translate('memberPage.withdrawals')}
        head={[
          translate('withdrawals.reference'),
          translate('withdrawals.amount'),
          translate('withdrawals.account'),
          translate('withdrawals.status'),
          translate('memberPage.date'),
        ]}
        rows={result.withdrawals.map((row) => ({
          key: row.id,
          cells: [
            row.reference,
            moneyText(row.amount_minor, row.amount.curr, language),
            row.account,
            translate(`withdrawals.${row.status}`),
            date(row.created_at),
          ],
        }))}
      />
      <Section
        title={translate('memberPage.sessions')}
        head={[
          translate('memberPage.device'),
          translate('memberPage.date'),
          translate('memberPage.revoked'),
          translate('memberPage.secondFactor'),
        ]}
        rows={result.sessions.map((row) => ({
          key: row.id,
          cells: [
            row.device_type,
            date(row.created_at),
            row.revoked_at ? `${date(row.revoked_at)} ${row.revoked_reason ?? ''}` : '',
            yesNo(row.second_factor),
          ],
        }))}
      />
      <Section
        title={translate('memberPage.notes')}
        head={[translate('memberPage.note'), translate('memberPage.author'), translate('memberPage.date')]}
        rows={result.notes.map((row) => ({ key: row.id, cells: [row.text, row.author_email, date(row.created_at)] }))}
      />
      {action && (
        <ActionDialog
          action={action}
          memberId={profile.id}
          name={`${profile.first_name} ${profile.last_name}`}
          language={language}
          onClose={() => setAction(null)}
        />
      )}
    </>
  );
}

function ActionDialog({
  action,
  memberId,
  name,
  language,
  onClose,
}: {
  action: MemberAction;
  memberId: string;
  name: string;
  language: Language;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { path, field, done } = MEMBER_ACTIONS[action];
  const submit = () => {
    const checked = actionBody(action, text);
    if (!checked.ok) {
      setProblem(checked.error[language]);
      return;
    }
    mutate(
      {
        url: `/admin/members/${memberId}/${path}`,
        method: 'post',
        values: checked.body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({ type: 'success', message: done[language] });
          void invalidate({ resource: 'members', invalidates: ['list', 'detail'], id: memberId });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="member-action" fullWidth maxWidth="sm">
      <DialogTitle id="member-action">{translate(`memberPage.confirm.${action}`, { name })}</DialogTitle>
      <DialogContent>
        {field ? (
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            label={translate(`memberPage.field.${field}`)}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={Boolean(problem)}
            helperText={problem ?? ' '}
          />
        ) : (
          <>
            <DialogContentText>{translate(`memberPage.explain.${action}`)}</DialogContentText>
            {problem && (
              <Typography role="alert" color="error" sx={{ mt: 2 }}>
                {problem}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('withdrawals.cancel')}</Button>
        <Button
          variant="contained"
          color={action === 'disable' ? 'error' : 'primary'}
          onClick={submit}
          disabled={mutation.isPending}
          autoFocus={!field}
        >
          {translate(`memberPage.actions.${action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
