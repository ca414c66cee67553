import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_OUTCOME_LABELS,
  COMPLAINT_OUTCOMES,
  COMPLAINT_STATE_LABELS,
  COMPLAINT_TEMPLATES,
  COMPLAINT_TRANSITIONS,
  type ComplaintAction,
  type ComplaintOutcome,
  type ComplaintState,
  fillComplaintTemplate,
} from '@parcelle/shared/complaints';
import {
  type TAdminComplaint,
  ZComplaintActionBody,
  ZComplaintAnswerBody,
  ZComplaintEscalateBody,
  ZComplaintNoteBody,
} from '@parcelle/shared/contracts/complaints';
import { formatDate } from '@parcelle/shared/dates';
import { messages } from '@parcelle/shared/i18n/messages';
import { useCustomMutation, useGetLocale, useInvalidate, useNotification, useOne, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { z } from 'zod';
import { CaseSection } from '../../components/CaseSection';
import { FactList } from '../../components/FactList';
import { dateTimeText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { dueText } from './ComplaintsList';

type Case = TAdminComplaint;
const ACTIONS = Object.keys(COMPLAINT_TRANSITIONS) as ComplaintAction[];
const SCHEMAS = {
  acknowledge: ZComplaintActionBody,
  escalate: ZComplaintEscalateBody,
  answer: ZComplaintAnswerBody,
  close: ZComplaintActionBody,
} as const;
const DONE = {
  acknowledge: 'ComplaintAcknowledgedDone',
  escalate: 'ComplaintEscalatedDone',
  answer: 'ComplaintAnsweredDone',
  close: 'ComplaintClosedDone',
} as const satisfies Record<ComplaintAction, keyof typeof messages>;

/** The actions the complaint's state allows (the API's transition table decides; this only offers them). */
export function actionsFor(state: ComplaintState): ComplaintAction[] {
  return ACTIONS.filter((action) => (COMPLAINT_TRANSITIONS[action].from as readonly ComplaintState[]).includes(state));
}

/** The starting text of an action's message, in the complainant's language, placeholders filled. */
export function templateFor(row: Case, action: ComplaintAction, outcome: ComplaintOutcome): string {
  if (action === 'escalate') return '';
  const key = action === 'answer' ? (`answer_${outcome}` as const) : action;
  const language = row.complainant.language;
  return fillComplaintTemplate(COMPLAINT_TEMPLATES[key][language], {
    name: row.complainant.name,
    reference: row.reference,
    answer_due_on: formatDate(row.answer_due_on, language),
  });
}

function issueText(issues: readonly { message: string }[], language: Language) {
  const key = issues[0]?.message;
  return key && key in messages ? messages[key as keyof typeof messages][language] : messages.InvalidRequest[language];
}

/**
 * A complaint (issue 30): who, what, the due days with lateness, the actions its state allows (each in a dialog with
 * the message prefilled from the template in the complainant's language), internal notes, and its whole history.
 */
export function ComplaintPage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { id = '' } = useParams();
  const { query, result } = useOne<Case & { id: string }>({ resource: 'complaints', id });
  const [action, setAction] = useState<ComplaintAction | null>(null);

  if (query.isLoading) return <CircularProgress aria-label="…" />;
  if (query.error || !result) {
    return <Alert severity="error">{query.error ? errorMessage(query.error) : translate('errors.notFound')}</Alert>;
  }
  const row = result;
  const due = (day: string, late: boolean) =>
    late ? `${dueText(day, language)} — ${translate('complaints.late')}` : dueText(day, language);
  return (
    <>
      <Link component={RouterLink} to="/complaints" sx={{ display: 'inline-block', mb: 1 }}>
        {translate('complaints.back')}
      </Link>
      <Paper
        component="header"
        variant="outlined"
        sx={{ position: 'sticky', top: 64, zIndex: 2, p: 2, mb: 3, bgcolor: 'background.paper' }}
      >
        <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
            <Typography variant="h1" component="h1" sx={{ fontSize: '1.75rem' }}>
              {row.reference} · {row.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {row.complainant.name} &lt;{row.complainant.email}&gt;
              {row.complainant.member_id ? '' : ` (${translate('complaints.visitor')})`} ·{' '}
              {translate('complaints.language')} {translate(`complaints.languages.${row.complainant.language}`)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <Chip size="small" label={COMPLAINT_STATE_LABELS[row.state][language]} />
              {row.outcome && <Chip size="small" label={COMPLAINT_OUTCOME_LABELS[row.outcome][language]} />}
            </Stack>
          </Box>
          <Stack
            direction="row"
            useFlexGap
            aria-label={translate('complaints.actions')}
            sx={{ gap: 1, flexWrap: 'wrap' }}
          >
            {actionsFor(row.state).map((kind) => (
              <Button
                key={kind}
                variant={kind === 'answer' || kind === 'acknowledge' ? 'contained' : 'outlined'}
                onClick={() => setAction(kind)}
              >
                {translate(`complaints.${kind}`)}
              </Button>
            ))}
          </Stack>
        </Stack>
      </Paper>

      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ mb: 3 }}>
        <CaseSection title={translate('complaints.body')} flex>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {COMPLAINT_CATEGORY_LABELS[row.category][language]}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{row.body}</Typography>
        </CaseSection>
        <CaseSection title={translate('complaints.dueDays')} flex>
          <FactList
            dense
            facts={[
              [translate('complaints.received'), dateTimeText(row.received_at, language)],
              [translate('complaints.acknowledgeDue'), due(row.acknowledge_due_on, row.acknowledge_overdue)],
              [translate('complaints.answerDue'), due(row.answer_due_on, row.answer_overdue)],
            ]}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('complaints.deadlines')}
          </Typography>
        </CaseSection>
      </Stack>

      <CaseSection title={translate('complaints.addNote')}>
        <NoteForm row={row} language={language} />
      </CaseSection>

      <CaseSection title={translate('complaints.history')}>
        <History row={row} language={language} />
      </CaseSection>

      {action && <ActionDialog row={row} action={action} language={language} onClose={() => setAction(null)} />}
    </>
  );
}

function History({ row, language }: { row: Case; language: Language }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('complaints.history')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('complaints.when')}</TableCell>
          <TableCell>{translate('complaints.event')}</TableCell>
          <TableCell>{translate('complaints.by')}</TableCell>
          <TableCell>{translate('complaints.sent')}</TableCell>
          <TableCell>{translate('complaints.internal')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...row.events].reverse().map((event) => (
          <TableRow key={event.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeText(event.at, language)}</TableCell>
            <TableCell>
              {translate(`complaints.events.${event.kind}`)}
              {event.outcome ? ` (${COMPLAINT_OUTCOME_LABELS[event.outcome][language]})` : ''}
            </TableCell>
            <TableCell>{event.actor_email ?? translate(`complaints.actors.${event.actor}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{event.message}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{event.note}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Posts to one of the complaint's routes; on success, says so and reads the case and the queue again. */
function usePost(row: Case, language: Language, onDone: () => void) {
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const post = (path: string, values: object, done: keyof typeof messages) =>
    mutate(
      {
        url: `/admin/complaints/${row.id}/${path}`,
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({ type: 'success', message: messages[done][language] });
          void invalidate({ resource: 'complaints', invalidates: ['list', 'detail'], id: row.id });
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  return { post, pending: mutation.isPending, problem, setProblem };
}

function NoteForm({ row, language }: { row: Case; language: Language }) {
  const translate = useTranslate();
  const [note, setNote] = useState('');
  const { post, pending, problem, setProblem } = usePost(row, language, () => setNote(''));
  const submit = () => {
    const parsed = ZComplaintNoteBody.safeParse({ note });
    if (!parsed.success) return setProblem(issueText(parsed.error.issues, language));
    post('notes', parsed.data, 'ComplaintNoteAddedDone');
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <TextField
        fullWidth
        multiline
        minRows={2}
        label={translate('complaints.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? ' '}
      />
      <Button variant="outlined" onClick={submit} disabled={pending} sx={{ whiteSpace: 'nowrap' }}>
        {translate('complaints.save')}
      </Button>
    </Stack>
  );
}

/** The dialog of an action: the outcome (answer), the message to the complainant (from the template), a note. */
function ActionDialog({
  row,
  action,
  language,
  onClose,
}: {
  row: Case;
  action: ComplaintAction;
  language: Language;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [outcome, setOutcome] = useState<ComplaintOutcome>('upheld');
  const [message, setMessage] = useState(() => templateFor(row, action, 'upheld'));
  const [edited, setEdited] = useState(false);
  const [note, setNote] = useState('');
  const { post, pending, problem, setProblem } = usePost(row, language, onClose);
  const complainantLanguage = translate(`complaints.languages.${row.complainant.language}`);
  const chooseOutcome = (next: ComplaintOutcome) => {
    setOutcome(next);
    // The template follows the outcome until the operator has written their own text.
    if (!edited) setMessage(templateFor(row, action, next));
  };
  const submit = () => {
    const values =
      action === 'escalate'
        ? { note }
        : { message, ...(note.trim() ? { note } : {}), ...(action === 'answer' ? { outcome } : {}) };
    const parsed = (SCHEMAS[action] as z.ZodType<object>).safeParse(values);
    if (!parsed.success) return setProblem(issueText(parsed.error.issues, language));
    post(action, parsed.data, DONE[action]);
  };
  const titleId = `complaint-${action}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {translate(`complaints.dialogTitle.${action}`, { reference: row.reference })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(`complaints.dialogText.${action}`)}</DialogContentText>
        {action === 'answer' && (
          <TextField
            select
            fullWidth
            label={translate('complaints.outcome')}
            value={outcome}
            onChange={(event) => chooseOutcome(event.target.value as ComplaintOutcome)}
            sx={{ mb: 2 }}
          >
            {COMPLAINT_OUTCOMES.map((value) => (
              <MenuItem key={value} value={value}>
                {COMPLAINT_OUTCOME_LABELS[value][language]}
              </MenuItem>
            ))}
          </TextField>
        )}
        {action !== 'escalate' && (
          <TextField
            fullWidth
            multiline
            minRows={6}
            required
            label={translate('complaints.message', { language: complainantLanguage })}
            value={message}
            onChange={(event) => {
              setEdited(true);
              setMessage(event.target.value);
            }}
            slotProps={{ htmlInput: { maxLength: 5000, lang: row.complainant.language } }}
            helperText={translate('complaints.template', { language: complainantLanguage })}
            sx={{ mb: 2 }}
          />
        )}
        <TextField
          fullWidth
          multiline
          minRows={2}
          required={action === 'escalate'}
          label={translate(action === 'escalate' ? 'complaints.noteRequired' : 'complaints.note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('complaints.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={pending}>
          {action === 'escalate' ? translate('complaints.escalate') : translate('complaints.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
