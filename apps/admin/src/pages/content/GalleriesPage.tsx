import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ZAdminGalleries, type ZAdminGallery, ZGalleryRequest } from '@parcelle/shared/contracts/content-admin';
import { type MessageKey, messages } from '@parcelle/shared/i18n/messages';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { apiCall } from '../../api/client';
import { FilePicker } from '../../components/FilePicker';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { FileInput } from '../works/FileInput';
import { uploadFile } from '../works/upload';
import { issueText } from '../works/work-form';

type Gallery = z.infer<typeof ZAdminGallery>;
type Galleries = z.infer<typeof ZAdminGalleries>;
type Titles = z.infer<typeof ZGalleryRequest>;
const ZTitlesForm = z.object({ title_en: z.string(), title_fr: z.string() }).pipe(ZGalleryRequest);
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** The stored picture as the API serves it (same origin as the console), at the smallest rendition. */
export const thumbnailOf = (key: string) => `/media/${key}?w=320`;

type Notice = (key: MessageKey) => void;

function TitlesFields({
  form,
  idPrefix,
}: {
  form: ReturnType<typeof useForm<{ title_en: string; title_fr: string }, unknown, Titles>>;
  idPrefix: string;
}) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  return (
    <>
      {(['title_en', 'title_fr'] as const).map((name) => {
        const error = form.formState.errors[name]?.message;
        return (
          <TextField
            key={name}
            id={`${idPrefix}-${name}`}
            size="small"
            required
            label={translate(`galleries.${name}`)}
            {...form.register(name)}
            error={Boolean(error)}
            helperText={error ? issueText(error, language) : undefined}
          />
        );
      })}
    </>
  );
}

function AddPicture({ onDone, notice }: { onDone: (picture: Gallery) => void; notice: Notice }) {
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [fileMissing, setFileMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<{ title_en: string; title_fr: string }, unknown, Titles>({
    resolver: zodResolver(ZTitlesForm),
    defaultValues: { title_en: '', title_fr: '' },
  });
  const language = useGetLocale()() as Language;
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="add-picture-title">
      <Typography id="add-picture-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {translate('galleries.add')}
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' } }}
        onSubmit={form.handleSubmit(async (titles) => {
          setProblem(null);
          if (!file) {
            setFileMissing(true);
            return;
          }
          try {
            onDone(await uploadFile<Gallery>('/admin/galleries', 'image', file, 'POST', titles));
            notice('GalleryCreated');
            form.reset();
            setFile(null);
          } catch (error) {
            setProblem(errorMessage(error));
          }
        })}
      >
        <TitlesFields form={form} idPrefix="new" />
        <Stack spacing={0.5}>
          <Box component="label" htmlFor="new-picture-file" sx={{ fontSize: '0.875rem' }}>
            {translate('galleries.image')}
          </Box>
          <FilePicker
            id="new-picture-file"
            accept={IMAGE_TYPES}
            invalid={fileMissing}
            describedBy={fileMissing ? 'new-picture-file-error' : undefined}
            onChange={(file) => {
              setFile(file);
              setFileMissing(false);
            }}
          />
          {fileMissing && (
            <Typography id="new-picture-file-error" color="error" variant="caption">
              {messages.ImageRequired[language]}
            </Typography>
          )}
        </Stack>
        <div>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {translate('galleries.addSubmit')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

function PictureCard({
  picture,
  index,
  count,
  onMove,
  onChange,
  onRemoved,
  notice,
  fail,
}: {
  picture: Gallery;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onChange: () => void;
  onRemoved: () => void;
  notice: Notice;
  fail: (error: unknown) => void;
}) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const form = useForm<{ title_en: string; title_fr: string }, unknown, Titles>({
    resolver: zodResolver(ZTitlesForm),
    defaultValues: { title_en: picture.title_en, title_fr: picture.title_fr },
  });
  const title = language === 'fr' ? picture.title_fr : picture.title_en;
  const number = index + 1;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }} data-testid="gallery-card">
      <Box
        component="img"
        src={thumbnailOf(picture.image)}
        alt={title}
        sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'grey.100', display: 'block', mb: 1.5 }}
      />
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{translate('galleries.position', { number, title })}</Typography>
      <Stack
        component="form"
        noValidate
        spacing={1.5}
        aria-label={translate('galleries.titlesOf', { title })}
        onSubmit={form.handleSubmit(async (titles) => {
          try {
            await apiCall(`/admin/galleries/${picture.id}`, { method: 'PATCH', body: titles });
            form.reset(titles);
            notice('GalleryUpdated');
            onChange();
          } catch (error) {
            fail(error);
          }
        })}
      >
        <TitlesFields form={form} idPrefix={picture.id} />
        <Button type="submit" size="small" variant="outlined" disabled={!form.formState.isDirty}>
          {translate('galleries.saveTitles', { title })}
        </Button>
      </Stack>
      <Box sx={{ mt: 1.5 }}>
        <FileInput
          id={`image-${picture.id}`}
          compact
          label={translate('galleries.replace', { title })}
          accept={IMAGE_TYPES}
          onFile={async (file) => {
            try {
              await uploadFile(`/admin/galleries/${picture.id}/image`, 'image', file, 'PUT');
              notice('GalleryImageUpdated');
              onChange();
            } catch (error) {
              fail(error);
            }
          }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button size="small" disabled={index === 0} onClick={() => onMove(index - 1)}>
          {translate('galleries.earlier', { title })}
        </Button>
        <Button size="small" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          {translate('galleries.later', { title })}
        </Button>
        <Button
          size="small"
          color="error"
          onClick={async () => {
            if (!window.confirm(translate('galleries.confirmDelete', { title }))) return;
            try {
              await apiCall(`/admin/galleries/${picture.id}`, { method: 'DELETE' });
              notice('GalleryDeleted');
              onRemoved();
            } catch (error) {
              fail(error);
            }
          }}
        >
          {translate('galleries.delete', { title })}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /galleries: the pictures of the public gallery, their titles in both languages, their images and their order. */
export function GalleriesPage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const query = useQuery({ queryKey: ['admin-galleries'], queryFn: () => apiCall<Galleries>('/admin/galleries') });
  const galleries = query.data?.galleries ?? [];
  const notice: Notice = (key) => {
    setProblem(null);
    setSaved(messages[key][language]);
  };
  const fail = (error: unknown) => {
    setSaved(null);
    setProblem(errorMessage(error));
  };
  const refresh = () => void query.refetch();
  const move = async (from: number, to: number) => {
    const ids = galleries.map((picture) => picture.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    try {
      await apiCall('/admin/galleries/order', { method: 'PUT', body: { ids } });
      notice('GalleriesReordered');
      refresh();
    } catch (error) {
      fail(error);
    }
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Link component={RouterLink} to="/content">
        {translate('content.back')}
      </Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h1" component="h1">
          {translate('galleries.title')}
        </Typography>
        <Link href="/gallery" target="_blank" rel="noopener noreferrer">
          {translate('content.viewOnSite')}
        </Link>
      </Stack>
      {saved && (
        <Alert severity="success" role="status">
          {saved}
        </Alert>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      <AddPicture onDone={refresh} notice={notice} />
      {query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : query.isPending ? (
        <CircularProgress aria-label={translate('galleries.loading')} />
      ) : galleries.length === 0 ? (
        <Typography>{translate('galleries.none')}</Typography>
      ) : (
        <Box
          component="ol"
          aria-label={translate('galleries.order')}
          sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
        >
          {galleries.map((picture, index) => (
            <PictureCard
              key={`${picture.id}-${picture.title_en}-${picture.title_fr}`}
              picture={picture}
              index={index}
              count={galleries.length}
              onMove={(to) => void move(index, to)}
              onChange={refresh}
              onRemoved={refresh}
              notice={notice}
              fail={fail}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}
