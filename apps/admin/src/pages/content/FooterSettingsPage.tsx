import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
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
import {
  FOOTER_DOCUMENTS,
  SOCIAL_NETWORKS,
  type TAdminSiteSettings,
  type TSiteSettingsRequest,
  ZSiteSettingsRequest,
} from '@parcelle/shared/contracts/content-admin';
import { type MessageKey, messages } from '@parcelle/shared/i18n/messages';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { apiCall } from '../../api/client';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { FileInput } from '../works/FileInput';
import { uploadFile } from '../works/upload';
import { issueText } from '../works/work-form';

/** The footer form as typed: five addresses and the registration number, checked by the shared contract. */
const ZFooterFormInput = z.object({
  youtube: z.string(),
  linkedin: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  twitter: z.string(),
  registration_number: z.string(),
});
type TFooterFormInput = z.infer<typeof ZFooterFormInput>;

export const ZFooterForm = ZFooterFormInput.transform((value, ctx): TSiteSettingsRequest => {
  const { registration_number, ...social_media_links } = value;
  const checked = ZSiteSettingsRequest.safeParse({ social_media_links, registration_number });
  if (!checked.success) {
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', path: [String(issue.path.at(-1) ?? 'root')], message: issue.message });
    return z.NEVER;
  }
  return checked.data;
});

const formValues = (settings: TAdminSiteSettings): TFooterFormInput => ({
  ...settings.social_media_links,
  registration_number: settings.registration_number,
});

function SettingsForm({
  settings,
  onSaved,
  notice,
}: {
  settings: TAdminSiteSettings;
  onSaved: (settings: TAdminSiteSettings) => void;
  notice: (key: MessageKey | null, problem?: string) => void;
}) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { register, handleSubmit, formState, reset } = useForm<TFooterFormInput, unknown, TSiteSettingsRequest>({
    resolver: zodResolver(ZFooterForm),
    defaultValues: formValues(settings),
  });
  const field = (name: keyof TFooterFormInput, help?: string) => {
    const error = formState.errors[name]?.message;
    return (
      <TextField
        key={name}
        label={translate(`footer.fields.${name}`)}
        type={name === 'registration_number' ? 'text' : 'url'}
        required={name === 'registration_number'}
        {...register(name)}
        error={Boolean(error)}
        helperText={error ? issueText(error, language) : help}
      />
    );
  };
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="footer-links-title">
      <Typography id="footer-links-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {translate('footer.links')}
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={handleSubmit(async (body) => {
          try {
            const answer = await apiCall<TAdminSiteSettings>('/admin/site-settings', { method: 'PATCH', body });
            reset(formValues(answer));
            onSaved(answer);
            notice('SiteSettingsSaved');
          } catch (error) {
            notice(null, errorMessage(error));
          }
        })}
      >
        {SOCIAL_NETWORKS.map((network) => field(network, translate('footer.linkHelp')))}
        {field('registration_number')}
        <div>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {translate('footer.save')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

/** /footer: the social links, the registration number and the documents every page's footer links to. */
export function FooterSettingsPage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fresh, setFresh] = useState<TAdminSiteSettings | null>(null);
  const query = useQuery({
    queryKey: ['admin-site-settings'],
    queryFn: () => apiCall<TAdminSiteSettings>('/admin/site-settings'),
  });
  const settings = fresh ?? query.data;
  const notice = (key: MessageKey | null, failure?: string) => {
    setSaved(key ? messages[key][language] : null);
    setProblem(failure ?? null);
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Link component={RouterLink} to="/content">
        {translate('content.back')}
      </Link>
      <Typography variant="h1" component="h1">
        {translate('footer.title')}
      </Typography>
      {saved && (
        <Alert severity="success" role="status">
          {saved}
        </Alert>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      {query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : !settings ? (
        <CircularProgress aria-label={translate('footer.loading')} />
      ) : (
        <>
          <SettingsForm settings={settings} onSaved={setFresh} notice={notice} />
          <Paper sx={{ p: 3 }} component="section" aria-labelledby="footer-documents-title">
            <Typography id="footer-documents-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
              {translate('footer.documents')}
            </Typography>
            <Table size="small" aria-labelledby="footer-documents-title">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('footer.document')}</TableCell>
                  <TableCell>{translate('footer.current')}</TableCell>
                  <TableCell>{translate('footer.replaceColumn')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {FOOTER_DOCUMENTS.map((name) => {
                  const key = settings.documents[name];
                  const label = translate(`footer.names.${name}`);
                  return (
                    <TableRow key={name}>
                      <TableCell component="th" scope="row">
                        {label}
                      </TableCell>
                      <TableCell>
                        {key ? (
                          <Link href={`/media/${key}`} target="_blank" rel="noopener noreferrer">
                            {translate('footer.open', { name: label })}
                          </Link>
                        ) : (
                          translate('footer.missing')
                        )}
                      </TableCell>
                      <TableCell>
                        <FileInput
                          id={`document-${name}`}
                          compact
                          label={translate('footer.choose', { name: label })}
                          accept="application/pdf"
                          onFile={async (file) => {
                            try {
                              setFresh(
                                await uploadFile<TAdminSiteSettings>(
                                  `/admin/site-settings/documents/${name}`,
                                  'file',
                                  file,
                                  'PUT',
                                ),
                              );
                              notice('FooterDocumentSaved');
                            } catch (error) {
                              notice(null, errorMessage(error));
                            }
                          }}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </Stack>
  );
}
