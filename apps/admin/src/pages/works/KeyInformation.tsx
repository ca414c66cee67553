import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TAdminKeyInformation } from '@parcelle/shared/contracts/key-information';
import { messages } from '@parcelle/shared/i18n/messages';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall } from '../../api/client';
import { LanguageTabs } from '../../components/LanguageTabs';
import { dateTimeText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

type Document = TAdminKeyInformation['draft']['en'];

function DocumentText({ document, testId }: { document: Document; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ maxHeight: 480, overflowY: 'auto', pr: 1 }} tabIndex={0}>
      <Typography variant="h6" component="h3">
        {document.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {document.subtitle}
      </Typography>
      {document.sections.map((section) => (
        <Box key={section.id} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} variant="body2" sx={{ mb: 0.75 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}

/**
 * A work's key information document in the console (issue 30): the draft generated from the work's data now, in both
 * languages, the published versions (number, date, who, fingerprint, readers), and _Publish_ with the regulator's
 * registration number when the regime requires one. Catalogue operators publish; the API refuses the others.
 */
export function KeyInformation({ workId }: { workId: string }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [registration, setRegistration] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Generated on demand: the draft is built from the work's data at the moment it is opened.
  const [opened, setOpened] = useState(false);
  const query = useQuery({
    queryKey: ['admin', 'key-information', workId],
    queryFn: () => apiCall<TAdminKeyInformation>(`/admin/paintings/${workId}/key-information`),
    enabled: opened,
  });
  const data = query.data;

  const publish = async () => {
    if (!data) return;
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await apiCall<TAdminKeyInformation>(`/admin/paintings/${workId}/key-information`, {
        method: 'POST',
        body: { draft_hash: data.draft.hash, registration_number: registration.trim() || null },
      });
      setDone(messages.KeyInformationPublished[language]);
      setRegistration('');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
      void query.refetch();
    }
  };

  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="key-information-title" data-testid="key-information">
      <Typography id="key-information-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {translate('keyInformation.title')}
      </Typography>
      {!opened && (
        <Button variant="outlined" onClick={() => setOpened(true)} data-testid="key-information-open">
          {translate('keyInformation.open')}
        </Button>
      )}
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      {data && (
        <Stack spacing={3}>
          <Typography data-testid="key-information-current">
            {data.current
              ? translate('keyInformation.current', {
                  version: data.current.version,
                  date: dateTimeText(data.current.published_at, language),
                })
              : translate('keyInformation.none')}
          </Typography>
          {data.versions.length > 0 && (
            <Table size="small" aria-label={translate('keyInformation.versions')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('keyInformation.version')}</TableCell>
                  <TableCell>{translate('keyInformation.publishedAt')}</TableCell>
                  <TableCell>{translate('keyInformation.publishedBy')}</TableCell>
                  <TableCell>{translate('keyInformation.registration')}</TableCell>
                  <TableCell>{translate('keyInformation.readers')}</TableCell>
                  <TableCell>{translate('keyInformation.hash')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.versions.map((version) => (
                  <TableRow key={version.id}>
                    <TableCell component="th" scope="row">
                      {version.version}
                    </TableCell>
                    <TableCell>{dateTimeText(version.published_at, language)}</TableCell>
                    <TableCell>{version.published_by}</TableCell>
                    <TableCell>{version.registration_number ?? '—'}</TableCell>
                    <TableCell>{version.acknowledgements}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }} title={version.content_hash}>
                      {version.content_hash.slice(0, 12)}…
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {translate('keyInformation.draft')}
            </Typography>
            <Alert
              severity={data.draft.changed ? 'info' : 'success'}
              sx={{ mb: 2 }}
              data-testid="key-information-changed"
            >
              {translate(data.draft.changed ? 'keyInformation.changed' : 'keyInformation.unchanged')}
            </Alert>
            <LanguageTabs label={translate('keyInformation.language')}>
              {(lang) => <DocumentText document={data.draft[lang]} testId={`key-information-draft-${lang}`} />}
            </LanguageTabs>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={translate('keyInformation.registrationField')}
              value={registration}
              onChange={(event) => setRegistration(event.target.value)}
              required={data.registration_required}
              helperText={translate(
                data.registration_required
                  ? 'keyInformation.registrationRequired'
                  : 'keyInformation.registrationOptional',
              )}
              slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'key-information-registration' } }}
              sx={{ minWidth: 280 }}
            />
            <Button
              variant="contained"
              onClick={() => void publish()}
              disabled={busy || (data.registration_required && !registration.trim())}
              data-testid="key-information-publish"
              sx={{ minHeight: 44 }}
            >
              {translate('keyInformation.publish')}
            </Button>
          </Stack>
          {problem && (
            <Typography role="alert" color="error" data-testid="key-information-problem">
              {problem}
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
