import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { OPERATOR_ROLES, type TOperatorRole, ZInviteOperator } from '@parcelle/shared/contracts/admin';
import { type Localized, messages } from '@parcelle/shared/i18n/messages';
import { useCustomMutation, useGetLocale, useInvalidate, useNotification, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

type Operator = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  operator_role: TOperatorRole;
  totp_enrolled: boolean;
  disabled: boolean;
  created_at: string;
};

/** An operator action: the call, the confirmation's title and the API's message on success. */
type Pending = {
  title: string;
  text?: string;
  url: string;
  method: 'post' | 'put';
  values: Record<string, unknown>;
  done: Localized;
};

/** The invitation form's values checked by the shared contract: the body, or the first problem's message. */
export function inviteBody(
  values: Record<string, string>,
): { ok: true; body: Record<string, unknown> } | { ok: false; field: string; error: Localized } {
  const parsed = ZInviteOperator.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  const key = issue?.message;
  const error = key && key in messages ? messages[key as keyof typeof messages] : messages.InvalidRequest;
  return { ok: false, field: String(issue?.path[0] ?? ''), error: error as Localized };
}

/** GET /api/admin/operators (admin only): the operators, their role and state; invite, change a role, disable. */
export function OperatorsList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('operators', {
    email: 'email',
    name: 'last_name',
    operator_role: 'operator_role',
    created_at: 'created_at',
  });
  const { table, gridProps } = useServerGrid<Operator>('operators', { sorts: gridSorts });
  const [pending, setPending] = useState<Pending | null>(null);
  const [inviting, setInviting] = useState(false);
  const yesNo = (value: boolean) => translate(value ? 'members.yes' : 'members.no');
  const columns: GridColDef<Operator>[] = [
    { field: 'email', headerName: translate('members.email'), flex: 1.2, minWidth: 200 },
    {
      field: 'name',
      headerName: translate('members.name'),
      flex: 1,
      minWidth: 150,
      valueGetter: (_value, row) => `${row.first_name} ${row.last_name}`,
    },
    {
      field: 'actions',
      headerName: translate('withdrawals.actions'),
      width: 140,
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant="outlined"
          color={row.disabled ? 'primary' : 'error'}
          onClick={() =>
            setPending({
              title: translate(row.disabled ? 'operators.enableTitle' : 'operators.disableTitle', { email: row.email }),
              url: `/admin/operators/${row.id}/${row.disabled ? 'enable' : 'disable'}`,
              method: 'post',
              values: {},
              done: row.disabled ? messages.OperatorEnabled : messages.OperatorDisabled,
            })
          }
        >
          {translate(row.disabled ? 'operators.enable' : 'operators.disable')}
        </Button>
      ),
    },
    {
      field: 'operator_role',
      headerName: translate('members.role'),
      width: 190,
      renderCell: ({ row }) => (
        <TextField
          select
          size="small"
          variant="standard"
          value={row.operator_role}
          slotProps={{ htmlInput: { 'aria-label': translate('operators.roleOf', { email: row.email }) } }}
          onChange={(event) =>
            setPending({
              title: translate('operators.roleTitle', {
                email: row.email,
                role: translate(`roles.${event.target.value}`),
              }),
              url: `/admin/operators/${row.id}/role`,
              method: 'put',
              values: { operator_role: event.target.value },
              done: messages.OperatorRoleChanged,
            })
          }
        >
          {OPERATOR_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {translate(`roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
      ),
    },
    {
      field: 'totp_enrolled',
      headerName: translate('operators.totp'),
      width: 130,
      valueFormatter: (value: boolean) => yesNo(value),
    },
    {
      field: 'disabled',
      headerName: translate('members.disabled'),
      width: 110,
      valueFormatter: (value: boolean) => yesNo(value),
    },
    {
      field: 'created_at',
      headerName: translate('members.createdAt'),
      width: 130,
      valueFormatter: (value: string) => dateText(value, language),
    },
  ];
  return (
    <>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h1" component="h1">
          {translate('operators.title')}
        </Typography>
        <Button variant="contained" onClick={() => setInviting(true)}>
          {translate('operators.invite')}
        </Button>
      </Stack>
      <Grid<Operator>
        label={translate('operators.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
      {pending && <ConfirmDialog pending={pending} language={language} onClose={() => setPending(null)} />}
      {inviting && <InviteDialog language={language} onClose={() => setInviting(false)} />}
    </>
  );
}

function ConfirmDialog({ pending, language, onClose }: { pending: Pending; language: Language; onClose: () => void }) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = () =>
    mutate(
      {
        url: pending.url,
        method: pending.method,
        values: pending.values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({ type: 'success', message: pending.done[language] });
          void invalidate({ resource: 'operators', invalidates: ['list'] });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="operator-confirm" fullWidth maxWidth="sm">
      <DialogTitle id="operator-confirm">{pending.title}</DialogTitle>
      <DialogContent>
        {pending.text && <DialogContentText>{pending.text}</DialogContentText>}
        {problem && (
          <Typography role="alert" color="error">
            {problem}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('withdrawals.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={mutation.isPending} autoFocus>
          {translate('operators.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function InviteDialog({ language, onClose }: { language: Language; onClose: () => void }) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation();
  const [values, setValues] = useState<Record<string, string>>({
    email: '',
    first_name: '',
    last_name: '',
    operator_role: 'support',
    language,
  });
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const set = (field: string) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = () => {
    const checked = inviteBody(values);
    if (!checked.ok) {
      setProblem({ field: checked.field, text: checked.error[language] });
      return;
    }
    mutate(
      {
        url: '/admin/operators',
        method: 'post',
        values: checked.body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({ type: 'success', message: messages.OperatorInvited[language] });
          void invalidate({ resource: 'operators', invalidates: ['list'] });
          onClose();
        },
        onError: (error) => setProblem({ field: '', text: errorMessage(error) }),
      },
    );
  };
  const errorOf = (field: string) => (problem?.field === field ? problem.text : undefined);
  return (
    <Dialog open onClose={onClose} aria-labelledby="operator-invite" fullWidth maxWidth="sm">
      <DialogTitle id="operator-invite">{translate('operators.inviteTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {(['email', 'first_name', 'last_name'] as const).map((field) => (
            <TextField
              key={field}
              required
              label={translate(`operators.field.${field}`)}
              value={values[field]}
              onChange={set(field)}
              error={Boolean(errorOf(field))}
              helperText={errorOf(field)}
            />
          ))}
          <TextField
            select
            label={translate('members.role')}
            value={values.operator_role}
            onChange={set('operator_role')}
          >
            {OPERATOR_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {translate(`roles.${role}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={translate('language.label')} value={values.language} onChange={set('language')}>
            <MenuItem value="en">{translate('language.en')}</MenuItem>
            <MenuItem value="fr">{translate('language.fr')}</MenuItem>
          </TextField>
          {problem && !['email', 'first_name', 'last_name'].includes(problem.field) && (
            <Typography role="alert" color="error">
              {problem.text}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('withdrawals.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={mutation.isPending}>
          {translate('operators.invite')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
