import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
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
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DOCUMENT_KINDS, LANGUAGES } from '@parcelle/shared/constants';
import type { TPaintingInput, ZAdminPaintingDetail } from '@parcelle/shared/contracts/catalogue-admin';
import { messages } from '@parcelle/shared/i18n/messages';
import {
  isIrreversibleStep,
  MARKET_TRANSITIONS,
  type MarketState,
  marketStepChecks,
  marketStepNeeds,
} from '@parcelle/shared/market';
import { useGetLocale, useOne, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { MultiUpload } from '../../components/MultiUpload';
import { Thumbnail } from '../../components/Thumbnail';
import { guessDocument, IMAGE_RULE, PDF_RULE } from '../../components/upload-queue';
import { dateTimeText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { FileInput } from './FileInput';
import { KeyInformation } from './KeyInformation';
import { uploadFile, uploadWithProgress } from './upload';
import { Valuations } from './Valuations';
import { WorkForm } from './WorkForm';
import { EMPTY_WORK, toFormValues } from './work-form';

export type WorkDetail = z.infer<typeof ZAdminPaintingDetail>;

/** A market step's conditions (the shared rule the API refuses with), each marked done or missing. */
function StepChecklist({ work, to }: { work: WorkDetail; to: MarketState }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const checks = marketStepChecks(to, work.market_facts);
  if (checks.length === 0) return null;
  const step = translate(`works.moveTo.${to}`);
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2" id={`needs-${to}`}>
        {translate('works.stepNeeds', { step })}
      </Typography>
      <Box component="ul" aria-labelledby={`needs-${to}`} sx={{ listStyle: 'none', pl: 0, my: 0.5 }}>
        {checks.map((check) => (
          <Box
            component="li"
            key={check.need}
            data-met={check.met}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', color: check.met ? 'success.main' : 'error.main' }}
          >
            {check.met ? <CheckIcon fontSize="small" aria-hidden /> : <CloseIcon fontSize="small" aria-hidden />}
            <Typography variant="body2" component="span" sx={{ color: 'text.primary' }}>
              {messages[check.need][language]}
              <Box component="span" sx={{ color: check.met ? 'success.dark' : 'error.main' }}>
                {` — ${translate(check.met ? 'works.checkMet' : 'works.checkUnmet')}`}
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The work's market state and the steps from it: those that can be taken back (show, hide, open or pause the sale)
 * first, each with what it still needs; apart below, the steps that cannot be undone (to the secondary market, the
 * exit: isIrreversibleStep), each saying what it does and confirmed in a dialog first.
 */
function Market({ work, onChange }: { work: WorkDetail; onChange: (work: WorkDetail) => void }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [opensAt, setOpensAt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<MarketState | null>(null);
  const from = work.market as MarketState;
  const targets = MARKET_TRANSITIONS[from];
  const reversible = targets.filter((to) => !isIrreversibleStep(from, to));
  const irreversible = targets.filter((to) => isIrreversibleStep(from, to));
  const ready = (to: MarketState) => marketStepNeeds(to, work.market_facts).length === 0;
  const move = async (to: MarketState) => {
    setProblem(null);
    setBusy(true);
    try {
      const body = to === 'primary' && opensAt ? { to, opens_at: new Date(opensAt).toISOString() } : { to };
      onChange(await apiCall<WorkDetail>(`/admin/paintings/${work.id}/market`, { method: 'POST', body }));
      setConfirming(null);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="market-title">
      <Typography id="market-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {translate('works.marketTitle')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography>{translate('works.marketNow')}</Typography>
        <Chip label={translate(`works.markets.${work.market}`)} color="primary" data-testid="market-state" />
        {work.opens_at && (
          <Typography color="text.secondary">
            {translate('works.opensAtShown', { date: dateTimeText(work.opens_at, language) })}
          </Typography>
        )}
      </Stack>
      {problem && !confirming && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {targets.length === 0 && <Typography>{translate('works.noTransition')}</Typography>}
      {reversible.length > 0 && (
        <Box component="section" aria-labelledby="reversible-title" sx={{ mb: 3 }}>
          <Typography id="reversible-title" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
            {translate('works.reversibleTitle')}
          </Typography>
          <Stack spacing={2}>
            {reversible.map((to) => (
              <Box key={to}>
                <StepChecklist work={work} to={to} />
                {to === 'primary' && (
                  <TextField
                    label={translate('works.opensAt')}
                    type="datetime-local"
                    value={opensAt}
                    onChange={(event) => setOpensAt(event.target.value)}
                    helperText={translate('works.opensAtHelp')}
                    slotProps={{ inputLabel: { shrink: true } }}
                    fullWidth
                    sx={{ my: 1, maxWidth: 420, display: 'flex' }}
                  />
                )}
                <Button variant="outlined" disabled={busy || !ready(to)} onClick={() => void move(to)}>
                  {translate(`works.moveTo.${to}`)}
                </Button>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      {irreversible.length > 0 && (
        <Box
          component="section"
          aria-labelledby="irreversible-title"
          sx={{ border: 1, borderColor: 'warning.main', borderRadius: 1, p: 2, bgcolor: 'rgba(138, 75, 15, 0.05)' }}
        >
          <Typography id="irreversible-title" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 0.5 }}>
            {translate('works.irreversibleTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('works.irreversibleIntro')}
          </Typography>
          <Stack spacing={2}>
            {irreversible.map((to) => (
              <Box key={to}>
                <Typography variant="body2" sx={{ mb: 1, maxWidth: 760 }}>
                  {translate(`works.stepEffect.${to}`)}
                </Typography>
                <StepChecklist work={work} to={to} />
                <Button
                  variant="outlined"
                  color="warning"
                  disabled={busy || !ready(to)}
                  onClick={() => {
                    setProblem(null);
                    setConfirming(to);
                  }}
                >
                  {translate(`works.moveTo.${to}`)}
                </Button>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      {confirming && (
        <Dialog open onClose={() => setConfirming(null)} aria-labelledby="step-confirm" fullWidth maxWidth="sm">
          <DialogTitle id="step-confirm">
            {translate('works.confirmStep', { step: translate(`works.moveTo.${confirming}`) })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>{translate(`works.stepEffect.${confirming}`)}</DialogContentText>
            <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>{translate('works.cannotUndo')}</DialogContentText>
            {problem && (
              <Typography role="alert" color="error" sx={{ mt: 2 }}>
                {problem}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)} autoFocus>
              {translate('works.cancel')}
            </Button>
            <Button variant="contained" color="warning" disabled={busy} onClick={() => void move(confirming)}>
              {translate(`works.moveTo.${confirming}`)}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}

function Files({ work, onChange }: { work: WorkDetail; onChange: (work: WorkDetail) => void }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async (what: string, action: () => Promise<WorkDetail>) => {
    setProblem(null);
    setDone(null);
    try {
      onChange(await action());
      setDone(translate('works.uploaded', { what }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const base = `/admin/paintings/${work.id}`;
  const title = language === 'fr' ? work.title_fr : work.title_en;
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="files-title">
      <Typography id="files-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {translate('works.filesTitle')}
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {done}
        </Alert>
      )}
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Thumbnail imageKey={work.cover_img} alt={translate('works.coverAlt', { title })} size={96} />
          <Typography sx={{ minWidth: 160 }}>
            {translate('works.coverNow')}{' '}
            <strong data-testid="cover-state">{translate(work.cover_img ? 'works.present' : 'works.missing')}</strong>
          </Typography>
          <FileInput
            id="cover-file"
            label={translate('works.chooseCover')}
            accept="image/jpeg,image/png,image/webp"
            onFile={(file) =>
              run(translate('works.cover'), () => uploadFile<WorkDetail>(`${base}/cover`, 'image', file))
            }
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ minWidth: 160 }}>{translate('works.images', { count: work.images.length })}</Typography>
          {work.images.map((key, index) => (
            <Stack key={key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Thumbnail imageKey={key} alt={translate('works.imageAlt', { number: index + 1, title })} size={64} />
              <Button
                size="small"
                color="error"
                onClick={() =>
                  void run(translate('works.imageRemoved'), () =>
                    apiCall<WorkDetail>(`${base}/images/${index}`, { method: 'DELETE' }),
                  )
                }
              >
                {translate('works.removeImage', { number: index + 1 })}
              </Button>
            </Stack>
          ))}
        </Stack>
        <MultiUpload<WorkDetail>
          label={translate('works.imagesToAdd')}
          rule={IMAGE_RULE}
          send={(item, onProgress) =>
            uploadWithProgress<WorkDetail>(`${base}/images`, 'image', item.file, { onProgress })
          }
          onSent={onChange}
        />
        <Table size="small" aria-label={translate('works.documents')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('works.documents')}</TableCell>
              {LANGUAGES.map((lang) => (
                <TableCell key={lang}>{translate(`language.${lang}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {DOCUMENT_KINDS.map((kind) => (
              <TableRow key={kind}>
                <TableCell component="th" scope="row">
                  {translate(`works.documentKinds.${kind}`)}
                </TableCell>
                {LANGUAGES.map((lang) => {
                  const present = Boolean(work.documents[`${kind}_${lang}`]);
                  return (
                    <TableCell key={lang}>
                      <Stack spacing={0.5}>
                        <Typography
                          variant="body2"
                          color={present ? 'success.main' : 'text.secondary'}
                          data-testid={`doc-${kind}-${lang}`}
                        >
                          {translate(present ? 'works.present' : 'works.missing')}
                        </Typography>
                      </Stack>
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <MultiUpload<WorkDetail>
          label={translate('works.pdfDocuments')}
          hint={translate('works.documentsHint')}
          rule={PDF_RULE}
          kinds={DOCUMENT_KINDS.map((kind) => ({ value: kind, label: translate(`works.documentKinds.${kind}`) }))}
          languages={LANGUAGES.map((lang) => ({ value: lang, label: translate(`language.${lang}`) }))}
          guess={guessDocument}
          send={(item, onProgress) =>
            uploadWithProgress<WorkDetail>(`${base}/documents/${item.kind}/${item.lang}`, 'file', item.file, {
              method: 'PUT',
              onProgress,
            })
          }
          onSent={onChange}
        />
      </Stack>
    </Paper>
  );
}

/** /works/new (a draft) and /works/:id (the form, market state, files and valuations of a work). */
export function WorkPage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const navigate = useNavigate();
  const { id } = useParams();
  const creating = !id || id === 'new';
  const { result, query } = useOne<WorkDetail>({
    resource: 'works',
    id: id ?? '',
    meta: { path: 'paintings' },
    queryOptions: { enabled: !creating },
  });
  const [fresh, setFresh] = useState<WorkDetail | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const work = fresh && fresh.id === id ? fresh : (result as WorkDetail | undefined);
  const update = (next: WorkDetail) => {
    setFresh(next);
    void query.refetch();
  };
  const heading = creating
    ? translate('works.create')
    : work
      ? language === 'fr'
        ? work.title_fr
        : work.title_en
      : translate('works.title');
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Link component={RouterLink} to="/works">
        {translate('works.back')}
      </Link>
      <Typography variant="h1" component="h1">
        {heading}
      </Typography>
      {saved && (
        <Alert severity="success" role="status">
          {saved}
        </Alert>
      )}
      {creating ? (
        <WorkForm
          defaultValues={EMPTY_WORK}
          initialArtist={null}
          submitLabel={translate('works.createSubmit')}
          onSubmit={async (body: TPaintingInput) => {
            const created = await apiCall<WorkDetail>('/admin/paintings', { method: 'POST', body });
            setFresh(created);
            setSaved(messages.PaintingCreated[language]);
            navigate(`/works/${created.id}`);
          }}
        />
      ) : query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : !work ? (
        <CircularProgress aria-label={translate('works.loading')} />
      ) : (
        <>
          <Market work={work} onChange={update} />
          <WorkForm
            key={`${work.id}-${language}`}
            defaultValues={toFormValues(work, language)}
            initialArtist={{ id: work.artist_id, name: work.artist_name }}
            submitLabel={translate('works.save')}
            onSubmit={async (body) => {
              update(await apiCall<WorkDetail>(`/admin/paintings/${work.id}`, { method: 'PATCH', body }));
              setSaved(messages.PaintingUpdated[language]);
            }}
          />
          <Files work={work} onChange={update} />
          <Valuations
            workId={work.id}
            onSaved={() => {
              // What the sale still lacks changes with a first appraisal: the work is read again.
              setFresh(null);
              void query.refetch();
            }}
          />
          <KeyInformation workId={work.id} />
        </>
      )}
    </Stack>
  );
}
