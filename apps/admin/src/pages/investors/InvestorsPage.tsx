import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SOPHISTICATION_CRITERIA_LABELS, type SophisticationCriterion } from '@parcelle/shared/investor';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiCall } from '../../api/client';
import { DocumentViewer } from '../../components/DocumentViewer';
import { dateTimeText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

type Evidence = { id: string; content_type: string; size_bytes: number; sha256: string; uploaded_at: string };
type Request = {
  documents: Evidence[];
  id: string;
  member_id: string;
  member_email: string;
  member_name: string;
  criteria: SophisticationCriterion[];
  statement: string;
  created_at: string;
};
type Consent = {
  id: string;
  kind: string;
  text_version: string;
  text_hash: string;
  language: 'en' | 'fr';
  session_id: string | null;
  reference: string | null;
  amount_minor: number | null;
  currency: string | null;
  created_at: string;
};

const TYPE_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

/** The evidence the member attached (decision 328), each opened in the viewer: the API audits every view. */
function EvidenceList({ request }: { request: Request }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [viewing, setViewing] = useState<{ document: Evidence; number: number } | null>(null);
  if (request.documents.length === 0) {
    return <Typography variant="body2">{translate('investors.noEvidence')}</Typography>;
  }
  return (
    <>
      <Stack spacing={0.5} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {request.documents.map((document, index) => (
          <li key={document.id}>
            <Typography variant="body2" component="span">
              {translate('investors.evidenceItem', {
                number: index + 1,
                type: TYPE_NAMES[document.content_type] ?? document.content_type,
                size: Math.ceil(document.size_bytes / 1024),
                date: dateTimeText(document.uploaded_at, language),
              })}
            </Typography>{' '}
            <Button size="small" onClick={() => setViewing({ document, number: index + 1 })}>
              {translate('investors.openDocument', { number: index + 1 })}
            </Button>
          </li>
        ))}
      </Stack>
      {viewing && (
        <DocumentViewer
          path={`/admin/investor/sophistication-requests/${request.id}/documents/${viewing.document.id}`}
          fallbackName={`evidence-${viewing.document.id}`}
          contentType={viewing.document.content_type}
          title={translate('investors.viewerTitle', { number: viewing.number, member: request.member_name })}
          note={translate('investors.viewerNote')}
          closeLabel={translate('investors.close')}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}

/** One pending request: the criteria, the statement, and the two decisions (a rejection needs its reason). */
function RequestRow({ request, onDecided }: { request: Request; onDecided: () => void }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    setProblem(null);
    try {
      await apiCall(`/admin/investor/sophistication-requests/${request.id}/decide`, {
        method: 'POST',
        body: decision === 'reject' ? { decision, reason } : { decision },
      });
      onDecided();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <TableRow data-testid={`investor-request-${request.id}`}>
      <TableCell>
        <Typography>{request.member_name}</Typography>
        <Typography variant="body2">{request.member_email}</Typography>
        <Typography variant="body2">{dateTimeText(request.created_at, language)}</Typography>
      </TableCell>
      <TableCell>
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {request.criteria.map((criterion) => (
            <li key={criterion}>{SOPHISTICATION_CRITERIA_LABELS[criterion]?.[language] ?? criterion}</li>
          ))}
        </ul>
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {request.statement}
        </Typography>
      </TableCell>
      <TableCell>
        <EvidenceList request={request} />
      </TableCell>
      <TableCell sx={{ minWidth: 260 }}>
        <Stack spacing={1}>
          <Button variant="contained" disabled={busy} onClick={() => decide('approve')}>
            {translate('investors.approve')}
          </Button>
          <TextField
            size="small"
            label={translate('investors.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button variant="outlined" color="error" disabled={busy} onClick={() => decide('reject')}>
            {translate('investors.reject')}
          </Button>
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** One member's consent log (every read is audited by the API). */
function ConsentLog() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [memberId, setMemberId] = useState('');
  const [items, setItems] = useState<Consent[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const answer = await apiCall<{ items: Consent[] }>(
        `/admin/investor/members/${encodeURIComponent(memberId.trim())}/consents`,
      );
      setItems(answer.items);
    } catch (error) {
      setItems(null);
      setProblem(errorMessage(error));
    }
  };
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {translate('investors.consentsTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('investors.consentsIntro')}</Typography>
      <Stack direction="row" spacing={2} component="form" onSubmit={load} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={translate('investors.memberId')}
          value={memberId}
          onChange={(event) => setMemberId(event.target.value)}
          sx={{ minWidth: 360 }}
        />
        <Button type="submit" variant="contained">
          {translate('investors.read')}
        </Button>
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      {items && items.length === 0 && <Typography>{translate('investors.noConsents')}</Typography>}
      {items && items.length > 0 && (
        <Table size="small" aria-label={translate('investors.consentsTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('investors.when')}</TableCell>
              <TableCell>{translate('investors.kind')}</TableCell>
              <TableCell>{translate('investors.version')}</TableCell>
              <TableCell>{translate('investors.hash')}</TableCell>
              <TableCell>{translate('investors.language')}</TableCell>
              <TableCell>{translate('investors.session')}</TableCell>
              <TableCell>{translate('investors.reference')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>{dateTimeText(item.created_at, language)}</TableCell>
                <TableCell>{translate(`investors.kinds.${item.kind}`, item.kind)}</TableCell>
                <TableCell>{item.text_version}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{item.text_hash.slice(0, 16)}…</TableCell>
                <TableCell>{item.language}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{item.session_id ?? '—'}</TableCell>
                <TableCell>
                  {item.reference ?? '—'}
                  {item.amount_minor !== null && item.currency
                    ? ` · ${moneyText(item.amount_minor, item.currency, language)}`
                    : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/**
 * /investors (issue 30, compliance): the requests to be treated as a sophisticated investor, decided here (approve,
 * or reject with a reason the member reads; audited by the API), and one member's consent log.
 */
export function InvestorsPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['admin-investor-requests'],
    queryFn: () =>
      apiCall<{ items: Request[]; total: number }>('/admin/investor/sophistication-requests?state=pending'),
  });
  return (
    <Stack spacing={3}>
      <Typography variant="h1" component="h1">
        {translate('investors.title')}
      </Typography>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
          {translate('investors.requestsTitle')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('investors.requestsIntro')}</Typography>
        {query.isError ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : !query.data ? (
          <CircularProgress aria-label={translate('investors.loading')} />
        ) : query.data.items.length === 0 ? (
          <Typography data-testid="investor-requests-empty">{translate('investors.none')}</Typography>
        ) : (
          <Table aria-label={translate('investors.requestsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('investors.member')}</TableCell>
                <TableCell>{translate('investors.criteria')}</TableCell>
                <TableCell>{translate('investors.evidence')}</TableCell>
                <TableCell>{translate('investors.decision')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.data.items.map((request) => (
                <RequestRow
                  key={request.id}
                  request={request}
                  onDecided={() => void queryClient.invalidateQueries({ queryKey: ['admin-investor-requests'] })}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <ConsentLog />
    </Stack>
  );
}
