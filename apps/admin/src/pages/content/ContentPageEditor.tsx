import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTENT_TYPES, type ContentType, type ZContentPage } from '@parcelle/shared/contracts/catalogue';
import {
  CONTENT_BLOCK_TYPES,
  type ContentBlockType,
  type TContentPageRequest,
} from '@parcelle/shared/contracts/content-admin';
import { messages } from '@parcelle/shared/i18n/messages';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import type { z } from 'zod';
import { apiCall, isApiHttpError } from '../../api/client';
import { type Lang, LanguageTabs } from '../../components/LanguageTabs';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { issueText } from '../works/work-form';
import { BlockEditor } from './BlockEditor';
import { ContentPreview } from './ContentPreview';
import { blockOf, emptyBlock, pageFormValues, type TPageFormInput, ZPageForm } from './page-form';

type ContentPage = z.infer<typeof ZContentPage>;
type PageFormApi = UseFormReturn<TPageFormInput, unknown, TContentPageRequest>;
type PageControl = Control<TPageFormInput, unknown, TContentPageRequest>;
const EMPTY_PAGE: TPageFormInput = { title_en: '', title_fr: '', en: [], fr: [] };

function BlockList({ lang, form }: { lang: Lang; form: PageFormApi }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { control, register, formState } = form;
  const { fields, append, move, remove } = useFieldArray({ control, name: lang });
  const types = useWatch({ control, name: lang });
  const [adding, setAdding] = useState<ContentBlockType>('paragraph');
  const listError = formState.errors[lang]?.message ?? formState.errors[lang]?.root?.message;
  const titleError = formState.errors[`title_${lang}`]?.message;
  return (
    <Stack spacing={2}>
      <TextField
        label={translate(`content.editor.title_${lang}`)}
        required
        {...register(`title_${lang}`)}
        error={Boolean(titleError)}
        helperText={titleError ? issueText(titleError, language) : undefined}
      />
      {listError && <Alert severity="error">{issueText(listError, language)}</Alert>}
      {fields.map((field, index) => (
        <BlockEditor
          key={field.id}
          lang={lang}
          index={index}
          count={fields.length}
          type={types[index]?.type ?? field.type}
          control={control}
          register={register}
          errors={formState.errors}
          onMove={(to) => move(index, to)}
          onRemove={() => remove(index)}
        />
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('content.editor.newKind')}
          value={adding}
          onChange={(event) => setAdding(event.target.value as ContentBlockType)}
          sx={{ minWidth: 180 }}
        >
          {CONTENT_BLOCK_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {translate(`content.blocks.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => append(emptyBlock(adding))}>
          {translate('content.editor.add')}
        </Button>
      </Stack>
    </Stack>
  );
}

function Preview({ type, lang, control }: { type: ContentType; lang: Lang; control: PageControl }) {
  const translate = useTranslate();
  const title = useWatch({ control, name: `title_${lang}` });
  const blocks = useWatch({ control, name: lang });
  return (
    <ContentPreview
      title={title}
      blocks={blocks.map(blockOf)}
      faq={type === 'faqs'}
      lang={lang}
      label={translate('content.editor.preview', { language: translate(`language.${lang}`) })}
    />
  );
}

function PageForm({ type, page }: { type: ContentType; page: ContentPage | null }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [tab, setTab] = useState<Lang>('en');
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TPageFormInput, unknown, TContentPageRequest>({
    resolver: zodResolver(ZPageForm),
    defaultValues: page ? pageFormValues(page) : EMPTY_PAGE,
  });
  const { errors, isSubmitting } = form.formState;
  const failing = (lang: Lang) => Boolean(errors[lang] || errors[`title_${lang}`]);
  return (
    <Box
      component="form"
      noValidate
      aria-label={translate('content.editor.formLabel')}
      onSubmit={form.handleSubmit(
        async (body) => {
          setProblem(null);
          setSaved(null);
          try {
            const answer = await apiCall<ContentPage>(`/admin/content/pages/${type}`, { method: 'PUT', body });
            form.reset(pageFormValues(answer));
            setSaved(messages.ContentPageSaved[language]);
          } catch (error) {
            setProblem(errorMessage(error));
          }
        },
        // A refused field may sit in the other language: open the first tab that has one.
        (invalid) => {
          const first = (['en', 'fr'] as const).find((lang) => invalid[lang] || invalid[`title_${lang}`]);
          if (first) setTab(first);
          setSaved(null);
        },
      )}
    >
      <Stack spacing={2}>
        {saved && (
          <Alert severity="success" role="status">
            {saved}
          </Alert>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        <LanguageTabs
          label={translate('content.editor.languages')}
          failing={failing}
          tab={tab}
          onTab={setTab}
          aside={<Preview type={type} lang={tab} control={form.control} />}
        >
          {(lang) => <BlockList lang={lang} form={form} />}
        </LanguageTabs>
        <div>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {translate('content.editor.save')}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

/** /content/:type: one editorial page in English and French, its blocks, and a preview as the site shows it. */
export function ContentPageEditor() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { type } = useParams();
  const known = (CONTENT_TYPES as readonly string[]).includes(type ?? '');
  const query = useQuery({
    queryKey: ['admin-content-page', type],
    queryFn: () => apiCall<ContentPage>(`/admin/content/pages/${type}`),
    enabled: known,
  });
  // A page never written yet (404) starts empty; saving creates it.
  const missing = query.isError && isApiHttpError(query.error) && query.error.statusCode === 404;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Link component={RouterLink} to="/content">
        {translate('content.back')}
      </Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h1" component="h1">
          {known ? translate(`content.pages.${type}`) : translate('content.title')}
        </Typography>
        {known && (
          <Link href={`/${type}`} target="_blank" rel="noopener noreferrer">
            {translate('content.viewOnSite')}
          </Link>
        )}
      </Stack>
      {!known ? (
        <Alert severity="warning">{messages.InvalidContentType[language]}</Alert>
      ) : query.isError && !missing ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : query.isPending && !missing ? (
        <CircularProgress aria-label={translate('content.loading')} />
      ) : (
        <PageForm key={type} type={type as ContentType} page={query.data ?? null} />
      )}
    </Stack>
  );
}
