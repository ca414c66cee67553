import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
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
import type { TAdminVerificationCase, TSanctionsHit } from '@parcelle/shared/contracts/verification';
import {
  ZApproveVerification,
  ZCloseVerification,
  ZConfirmSanctionsHit,
  ZDismissSanctionsHit,
  ZRejectVerification,
  ZRequestResubmission,
  ZSuspendVerification,
} from '@parcelle/shared/contracts/verification';
import { countryName } from '@parcelle/shared/countries';
import { messages } from '@parcelle/shared/i18n/messages';
import {
  RISK_LEVEL_LABELS,
  requiredDocuments,
  riskReasonText,
  VERIFICATION_APPROVE_REASONS,
  VERIFICATION_CLOSE_REASONS,
  VERIFICATION_REASON_LABELS,
  VERIFICATION_REJECT_REASONS,
  VERIFICATION_RESUBMISSION_REASONS,
  VERIFICATION_STATE_LABELS,
  VERIFICATION_SUSPEND_REASONS,
  type VerificationDocumentKind,
  type VerificationReasonCode,
} from '@parcelle/shared/verification';
import { useCustomMutation, useGetLocale, useInvalidate, useNotification, useOne, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { z } from 'zod';
import { CaseSection } from '../../components/CaseSection';
import { DocumentViewer as FileViewer } from '../../components/DocumentViewer';
import { FactList } from '../../components/FactList';
import { dateText, dateTimeText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { fetchFile, saveBlob } from '../withdrawals/download';

type Case = TAdminVerificationCase;
type Document = Case['documents'][number];

/** The operator's decisions on a case, each with its reason codes, its body's schema and its route. */
const DECISIONS = {
  approve: { path: 'approve', reasons: VERIFICATION_APPROVE_REASONS, schema: ZApproveVerification, optional: true },
  reject: { path: 'reject', reasons: VERIFICATION_REJECT_REASONS, schema: ZRejectVerification, optional: false },
  request_resubmission: {
    path: 'request-resubmission',
    reasons: VERIFICATION_RESUBMISSION_REASONS,
    schema: ZRequestResubmission,
    optional: false,
  },
  suspend: { path: 'suspend', reasons: VERIFICATION_SUSPEND_REASONS, schema: ZSuspendVerification, optional: false },
  close: { path: 'close', reasons: VERIFICATION_CLOSE_REASONS, schema: ZCloseVerification, optional: false },
} as const;
type DecisionKind = keyof typeof DECISIONS;

/** What the API says it did, by the decision's wording (the same texts as its answer's `message`). */
const DONE = {
  approve: 'VerificationApprovedDone',
  firstApproval: 'VerificationFirstApprovalDone',
  secondApproval: 'VerificationApprovedDone',
  reinstate: 'VerificationApprovedDone',
  reject: 'VerificationRejectedDone',
  request_resubmission: 'VerificationResubmissionDone',
  suspend: 'VerificationSuspendedDone',
  close: 'VerificationClosedDone',
} as const satisfies Record<string, keyof typeof messages>;

/** How the approve button reads for this case: an approval, the first or second of a high-risk case, a reinstatement. */
export function approvalKind(row: Pick<Case, 'state' | 'risk' | 'awaiting_second_approval'>) {
  if (row.state === 'suspended') return 'reinstate' as const;
  if (row.risk === 'high')
    return row.awaiting_second_approval ? ('secondApproval' as const) : ('firstApproval' as const);
  return 'approve' as const;
}

/** The decisions the case's state allows (the API's transition table decides; this only offers them). */
export function decisionsFor(state: Case['state']): DecisionKind[] {
  if (state === 'in_review') return ['approve', 'reject', 'request_resubmission'];
  if (state === 'approved') return ['suspend'];
  if (state === 'suspended') return ['approve', 'close'];
  return [];
}

function issueText(issues: readonly { message: string }[], language: Language, fallback: keyof typeof messages) {
  const key = issues[0]?.message;
  return key && key in messages ? messages[key as keyof typeof messages][language] : messages[fallback][language];
}

/**
 * A verification case (issue 29): who (always in view with the decisions), the declared data, the documents (opened
 * in a viewer through the operator's token, never a public address), the sanctions hits with what matched, and the
 * history. Every decision asks for a confirmation that names what it does.
 */
export function VerificationPage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { id = '' } = useParams();
  const { query, result } = useOne<Case & { id: string }>({ resource: 'verifications', id });
  const [decision, setDecision] = useState<DecisionKind | null>(null);
  const [hitDecision, setHitDecision] = useState<{ hit: TSanctionsHit; kind: 'dismiss' | 'confirm' } | null>(null);
  const [viewing, setViewing] = useState<Document | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { open } = useNotification();

  if (query.isLoading) return <CircularProgress aria-label="…" />;
  if (query.error || !result) {
    return <Alert severity="error">{query.error ? errorMessage(query.error) : translate('errors.notFound')}</Alert>;
  }
  const row = result;
  const member = row.member.name;
  const download = async (format: 'csv' | 'json') => {
    setProblem(null);
    try {
      const file = await fetchFile(`/admin/verifications/${row.id}/hits/export`, `sanctions-hits.${format}`, {
        format,
      });
      saveBlob(file.blob, file.name);
      open?.({ type: 'success', message: translate('verifications.exported') });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <>
      <Link component={RouterLink} to="/verifications" sx={{ display: 'inline-block', mb: 1 }}>
        {translate('verifications.back')}
      </Link>
      {/* Who and the decisions, together and kept in view while the case is read. */}
      <Paper
        component="header"
        variant="outlined"
        sx={{ position: 'sticky', top: 64, zIndex: 2, p: 2, mb: 3, bgcolor: 'background.paper' }}
      >
        <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
            <Typography variant="h1" component="h1" sx={{ fontSize: '1.75rem' }}>
              {member}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {row.member.email} · {translate('verifications.language')}{' '}
              {translate(`verifications.languages.${row.member.language}`)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <Chip size="small" label={VERIFICATION_STATE_LABELS[row.state][language]} />
              {row.risk && (
                <Chip
                  size="small"
                  color={row.risk === 'high' ? 'error' : 'default'}
                  label={translate('verifications.riskChip', { level: RISK_LEVEL_LABELS[row.risk][language] })}
                />
              )}
              {row.awaiting_second_approval && (
                <Chip size="small" color="warning" label={translate('verifications.awaitingSecond')} />
              )}
            </Stack>
          </Box>
          <Stack
            direction="row"
            useFlexGap
            aria-label={translate('verifications.actions')}
            sx={{ gap: 1, flexWrap: 'wrap' }}
          >
            {decisionsFor(row.state).map((kind) => (
              <Button
                key={kind}
                variant={kind === 'approve' ? 'contained' : 'outlined'}
                color={kind === 'approve' ? 'primary' : 'error'}
                onClick={() => setDecision(kind)}
              >
                {translate(
                  kind === 'approve'
                    ? `verifications.${approvalKind(row)}`
                    : kind === 'close'
                      ? 'verifications.closeCase'
                      : `verifications.${kind}`,
                )}
              </Button>
            ))}
          </Stack>
        </Stack>
      </Paper>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}

      <CaseSection title={translate('verifications.hits')}>
        <SanctionsHits
          hits={row.sanctions_hits}
          language={language}
          onDecide={(hit, kind) => setHitDecision({ hit, kind })}
          onExport={(format) => void download(format)}
        />
      </CaseSection>

      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ mb: 3 }}>
        <CaseSection title={translate('verifications.declaration')} flex>
          <Declaration row={row} language={language} />
        </CaseSection>
        <CaseSection title={translate('verifications.documents')} flex>
          <Documents documents={row.documents} language={language} onView={setViewing} />
          {row.replaced_documents.length > 0 && (
            <>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mt: 2, mb: 1 }}>
                {translate('verifications.replaced')}
              </Typography>
              <Documents documents={row.replaced_documents} language={language} onView={setViewing} />
            </>
          )}
        </CaseSection>
      </Stack>

      <CaseSection title={translate('verifications.history')}>
        <History history={row.history} language={language} />
      </CaseSection>

      {decision && <DecisionDialog row={row} kind={decision} language={language} onClose={() => setDecision(null)} />}
      {hitDecision && (
        <HitDialog
          row={row}
          hit={hitDecision.hit}
          kind={hitDecision.kind}
          language={language}
          onClose={() => setHitDecision(null)}
        />
      )}
      {viewing && (
        <DocumentViewer caseId={row.id} document={viewing} member={member} onClose={() => setViewing(null)} />
      )}
    </>
  );
}

function Declaration({ row, language }: { row: Case; language: Language }) {
  const translate = useTranslate();
  const declared = row.declaration;
  if (!declared) return <Typography>{translate('verifications.noDeclaration')}</Typography>;
  const country = (code: string) => countryName(code, language) ?? code;
  const yesNo = (value: boolean) => translate(value ? 'verifications.yes' : 'verifications.no');
  const address = declared.address;
  const facts: [string, string][] = [
    [translate('verifications.legalName'), `${declared.legal_first_name} ${declared.legal_last_name}`],
    [
      translate('verifications.birth'),
      translate('verifications.birthOn', {
        date: dateText(`${declared.birth_date}T12:00:00Z`, language),
        place: declared.birth_place,
        country: country(declared.birth_country),
      }),
    ],
    [translate('verifications.nationality'), country(declared.nationality)],
    [
      translate('verifications.address'),
      [address.line1, address.line2, `${address.postal_code} ${address.city}`, country(address.country)]
        .filter(Boolean)
        .join(', '),
    ],
    [
      translate('verifications.taxResidence'),
      [country(declared.tax_residence), declared.tax_identification_number].filter(Boolean).join(' · '),
    ],
    [translate('verifications.occupation'), declared.occupation],
    [translate('verifications.pep'), yesNo(declared.politically_exposed)],
    [translate('verifications.pepAssociate'), yesNo(declared.pep_close_associate)],
    ...(declared.pep_details
      ? [[translate('verifications.pepDetails'), declared.pep_details] as [string, string]]
      : []),
    [translate('verifications.expectedYearly'), moneyText(declared.expected_yearly_investment_minor, 'EURO', language)],
    ...(declared.source_of_funds
      ? [
          [
            translate('verifications.sourceOfFunds'),
            `${translate(`verifications.sourceKinds.${declared.source_of_funds.kind}`)} — ${declared.source_of_funds.details}`,
          ] as [string, string],
        ]
      : []),
    [
      translate('verifications.documentType'),
      translate(`verifications.identityTypes.${declared.identity_document_type}`),
    ],
  ];
  return (
    <>
      <FactList facts={facts} dense />
      {row.risk_assessment && (
        <Box sx={{ mt: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {translate('verifications.riskReasons', { version: row.risk_assessment.rule_version })}
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
            {row.risk_assessment.reasons.map((reason) => (
              <li key={reason}>{riskReasonText(reason, language)}</li>
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}

function Documents({
  documents,
  language,
  onView,
}: {
  documents: Document[];
  language: Language;
  onView: (document: Document) => void;
}) {
  const translate = useTranslate();
  if (documents.length === 0) return <Typography>{translate('verifications.noDocuments')}</Typography>;
  return (
    <Stack spacing={1}>
      {documents.map((document) => {
        const kind = translate(`verifications.documentKinds.${document.kind}`);
        return (
          <Stack key={document.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ flex: 1 }}>
              <Typography>{kind}</Typography>
              <Typography variant="body2" color="text.secondary">
                {document.content_type} · {Math.ceil(document.size_bytes / 1024)} KB
                {document.width ? ` · ${document.width} × ${document.height}` : ''} ·{' '}
                {dateTimeText(document.uploaded_at, language)}
              </Typography>
            </Box>
            <Button
              size="small"
              variant="outlined"
              onClick={() => onView(document)}
              aria-label={`${translate('verifications.view')} ${kind}`}
            >
              {translate('verifications.view')}
            </Button>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** An identity document in the shared viewer (components/DocumentViewer.tsx), titled with its kind and the member. */
function DocumentViewer({
  caseId,
  document,
  member,
  onClose,
}: {
  caseId: string;
  document: Document;
  member: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <FileViewer
      path={`/admin/verifications/${caseId}/documents/${document.id}`}
      fallbackName={document.kind}
      contentType={document.content_type}
      title={translate('verifications.viewerTitle', {
        kind: translate(`verifications.documentKinds.${document.kind}`),
        member,
      })}
      note={translate('verifications.viewerNote')}
      closeLabel={translate('verifications.close')}
      onClose={onClose}
    />
  );
}

function SanctionsHits({
  hits,
  language,
  onDecide,
  onExport,
}: {
  hits: TSanctionsHit[];
  language: Language;
  onDecide: (hit: TSanctionsHit, kind: 'dismiss' | 'confirm') => void;
  onExport: (format: 'csv' | 'json') => void;
}) {
  const translate = useTranslate();
  if (hits.length === 0) return <Typography>{translate('verifications.noHits')}</Typography>;
  const anyConfirmed = hits.some((hit) => hit.state === 'confirmed');
  return (
    <Stack spacing={2}>
      {hits.map((hit) => (
        <Paper key={hit.id} variant="outlined" sx={{ p: 1.5 }} aria-label={hit.matched_name} component="article">
          <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600, flex: '1 1 auto' }}>
              {translate('verifications.hitTitle', { name: hit.matched_name, score: hit.score })}
            </Typography>
            <Chip
              size="small"
              color={hit.state === 'confirmed' ? 'error' : hit.state === 'open' ? 'warning' : 'default'}
              label={translate(`verifications.hitStates.${hit.state}`)}
            />
            {hit.state !== 'dismissed' && (
              <Button size="small" variant="outlined" onClick={() => onDecide(hit, 'dismiss')}>
                {translate('verifications.dismiss')}
              </Button>
            )}
            {hit.state !== 'confirmed' && (
              <Button size="small" variant="contained" color="error" onClick={() => onDecide(hit, 'confirm')}>
                {translate('verifications.confirm')}
              </Button>
            )}
          </Stack>
          <FactList
            dense
            facts={[
              [
                translate('verifications.matchedFields'),
                hit.matched_fields.map((field) => translate(`verifications.fields.${field}`)).join(', '),
              ],
              [translate('verifications.entryNames'), hit.entry_names.join(' · ')],
              [
                translate('verifications.listEntry'),
                translate('verifications.entryRef', {
                  ref: hit.eu_reference_number ?? hit.entry_logical_id,
                  regulation: [hit.regulation, hit.programme].filter(Boolean).join(' · '),
                }),
              ],
              [
                translate('verifications.screening'),
                translate('verifications.listVersion', {
                  date: dateText(hit.list_generated_at, language),
                  screened: dateTimeText(hit.screened_at, language),
                  reason: translate(`verifications.screeningReasons.${hit.screening_reason}`),
                }),
              ],
              ...hit.decisions.map((decision, index): [string, string] => [
                index === 0 ? translate('verifications.history') : '',
                translate('verifications.decisionLine', {
                  state: translate(`verifications.hitStates.${decision.state}`),
                  by: decision.operator_email ?? decision.operator_id,
                  date: dateTimeText(decision.decided_at, language),
                  reason: decision.reason,
                }),
              ]),
            ]}
          />
        </Paper>
      ))}
      {anyConfirmed && (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => onExport('csv')}>
            {translate('verifications.exportCsv')}
          </Button>
          <Button variant="text" onClick={() => onExport('json')}>
            {translate('verifications.exportJson')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function History({ history, language }: { history: Case['history']; language: Language }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate('verifications.history')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('verifications.when')}</TableCell>
          <TableCell>{translate('verifications.move')}</TableCell>
          <TableCell>{translate('verifications.by')}</TableCell>
          <TableCell>{translate('verifications.reason')}</TableCell>
          <TableCell>{translate('verifications.message')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...history].reverse().map((event) => (
          <TableRow key={event.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeText(event.at, language)}</TableCell>
            <TableCell>
              {VERIFICATION_STATE_LABELS[event.from_state][language]} →{' '}
              {VERIFICATION_STATE_LABELS[event.to_state][language]}
            </TableCell>
            <TableCell>{event.actor_email ?? translate(`verifications.actors.${event.actor}`)}</TableCell>
            <TableCell>{VERIFICATION_REASON_LABELS[event.reason_code][language]}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>
              {event.document_kinds.length > 0 && (
                <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {translate('verifications.askedAgain', {
                    kinds: event.document_kinds
                      .map((kind) => translate(`verifications.documentKinds.${kind}`))
                      .join(', '),
                  })}
                </Box>
              )}
              {event.message}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The dialog of a decision on the case: a reason code, the message to the member in their language, a confirmation. */
function DecisionDialog({
  row,
  kind,
  language,
  onClose,
}: {
  row: Case;
  kind: DecisionKind;
  language: Language;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation();
  const decision = DECISIONS[kind];
  const [reasonCode, setReasonCode] = useState<string>(decision.reasons[0]);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A request for new documents names the kinds to send again (decision 411): those the case's identity document uses.
  const asksDocuments = kind === 'request_resubmission';
  const offeredKinds = requiredDocuments(row.declaration?.identity_document_type ?? null);
  const [documentKinds, setDocumentKinds] = useState<VerificationDocumentKind[]>([]);
  const [kindsProblem, setKindsProblem] = useState<string | null>(null);
  const toggleKind = (documentKind: VerificationDocumentKind, on: boolean) => {
    setKindsProblem(null);
    setDocumentKinds((chosen) =>
      // Kept in the offered order, whatever the clicking order.
      offeredKinds.filter((offered) => (offered === documentKind ? on : chosen.includes(offered))),
    );
  };
  const wording = kind === 'approve' ? approvalKind(row) : kind;
  const member = row.member.name;
  const memberLanguage = translate(`verifications.languages.${row.member.language}`);
  const submit = () => {
    const body = { reason_code: reasonCode, message, ...(asksDocuments ? { document_kinds: documentKinds } : {}) };
    const parsed = (decision.schema as z.ZodType<object>).safeParse(body);
    if (!parsed.success) {
      const kindsIssues = parsed.error.issues.filter((issue) => issue.path[0] === 'document_kinds');
      const otherIssues = parsed.error.issues.filter((issue) => issue.path[0] !== 'document_kinds');
      setKindsProblem(
        kindsIssues.length ? issueText(kindsIssues, language, 'VerificationDocumentKindsRequired') : null,
      );
      setProblem(otherIssues.length ? issueText(otherIssues, language, 'VerificationMessageRequired') : null);
      return;
    }
    setKindsProblem(null);
    mutate(
      {
        url: `/admin/verifications/${row.id}/${decision.path}`,
        method: 'post',
        values: parsed.data,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({ type: 'success', message: messages[DONE[wording]][language] });
          void invalidate({ resource: 'verifications', invalidates: ['list', 'detail'], id: row.id });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  const titleId = `decision-${kind}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`verifications.decisionTitle.${wording}`, { member })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate(`verifications.decisionText.${wording}`, { member })}
        </DialogContentText>
        <TextField
          select
          fullWidth
          label={translate('verifications.reasonCode')}
          value={reasonCode}
          onChange={(event) => setReasonCode(event.target.value)}
          sx={{ mb: 2 }}
        >
          {decision.reasons.map((code) => (
            <MenuItem key={code} value={code}>
              {VERIFICATION_REASON_LABELS[code as VerificationReasonCode][language]}
            </MenuItem>
          ))}
        </TextField>
        {asksDocuments && (
          <FormControl component="fieldset" error={Boolean(kindsProblem)} required sx={{ mb: 2 }}>
            <FormLabel component="legend">{translate('verifications.documentsToResend')}</FormLabel>
            <FormGroup>
              {offeredKinds.map((documentKind) => (
                <FormControlLabel
                  key={documentKind}
                  control={
                    <Checkbox
                      checked={documentKinds.includes(documentKind)}
                      onChange={(event) => toggleKind(documentKind, event.target.checked)}
                    />
                  }
                  label={translate(`verifications.documentKinds.${documentKind}`)}
                />
              ))}
            </FormGroup>
            {kindsProblem && <FormHelperText>{kindsProblem}</FormHelperText>}
          </FormControl>
        )}
        <TextField
          fullWidth
          multiline
          minRows={3}
          required={!decision.optional}
          label={translate(decision.optional ? 'verifications.memberMessageOptional' : 'verifications.memberMessage', {
            language: memberLanguage,
          })}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000, lang: row.member.language } }}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('verifications.cancel')}</Button>
        <Button
          variant="contained"
          color={kind === 'approve' ? 'primary' : 'error'}
          onClick={submit}
          disabled={mutation.isPending}
        >
          {translate(
            kind === 'approve'
              ? `verifications.${wording}`
              : kind === 'close'
                ? 'verifications.closeCase'
                : `verifications.${kind}`,
          )}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Dismiss a hit as a namesake, or confirm it (the account frozen): a reason always, a message to the member to confirm. */
function HitDialog({
  row,
  hit,
  kind,
  language,
  onClose,
}: {
  row: Case;
  hit: TSanctionsHit;
  kind: 'dismiss' | 'confirm';
  language: Language;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const member = row.member.name;
  const values = { member, name: hit.matched_name };
  const effect = translate(
    `verifications.confirmEffect.${row.state === 'in_review' || row.state === 'approved' ? row.state : 'other'}`,
  );
  const submit = () => {
    const parsed =
      kind === 'dismiss'
        ? ZDismissSanctionsHit.safeParse({ reason })
        : ZConfirmSanctionsHit.safeParse({ reason, message });
    if (!parsed.success) {
      setProblem(issueText(parsed.error.issues, language, 'SanctionsHitReasonRequired'));
      return;
    }
    mutate(
      {
        url: `/admin/verifications/${row.id}/hits/${hit.id}/${kind}`,
        method: 'post',
        values: parsed.data,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          const done = kind === 'confirm' ? messages.SanctionsHitConfirmedDone : messages.SanctionsHitDismissedDone;
          open?.({ type: 'success', message: done[language] });
          void invalidate({ resource: 'verifications', invalidates: ['list', 'detail'], id: row.id });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  const titleId = `hit-${kind}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`verifications.${kind}Title`, values)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate(`verifications.${kind}Text`, { ...values, effect })}
        </DialogContentText>
        <TextField
          fullWidth
          multiline
          required
          minRows={2}
          label={translate('verifications.hitReason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ mb: 2 }}
        />
        {kind === 'confirm' && (
          <TextField
            fullWidth
            multiline
            required
            minRows={2}
            label={translate('verifications.memberMessage', {
              language: translate(`verifications.languages.${row.member.language}`),
            })}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000, lang: row.member.language } }}
          />
        )}
        {problem && (
          <Typography role="alert" color="error" sx={{ mt: 1 }}>
            {problem}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('verifications.cancel')}</Button>
        <Button
          variant="contained"
          color={kind === 'confirm' ? 'error' : 'primary'}
          onClick={submit}
          disabled={mutation.isPending}
        >
          {translate(kind === 'confirm' ? 'verifications.confirm' : 'verifications.dismiss')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
