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
import type { TArtistInput, ZAdminArtistDetail } from '@parcelle/shared/contracts/catalogue-admin';
import { messages } from '@parcelle/shared/i18n/messages';
import { formatMoney, formatNumber } from '@parcelle/shared/money';
import { useGetLocale, useOne, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { LANGS, type Lang, LanguageTabs } from '../../components/LanguageTabs';
import { Thumbnail } from '../../components/Thumbnail';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { FileInput } from '../works/FileInput';
import { uploadFile } from '../works/upload';
import { issueText } from '../works/work-form';
import {
  artistFormValues,
  EMPTY_ARTIST,
  EMPTY_YEAR,
  type TArtistFormInput,
  type TYearForm,
  type TYearFormInput,
  yearFormValues,
  ZArtistForm,
  ZYearForm,
} from './artist-form';

type ArtistDetail = z.infer<typeof ZAdminArtistDetail>;

function ArtistForm({
  defaultValues,
  submitLabel,
  onSubmit,
}: {
  defaultValues: TArtistFormInput;
  submitLabel: string;
  onSubmit: (body: TArtistInput) => Promise<void>;
}) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [problem, setProblem] = useState<string | null>(null);
  const [tab, setTab] = useState<Lang>('en');
  const { register, handleSubmit, formState } = useForm<TArtistFormInput, unknown, TArtistInput>({
    resolver: zodResolver(ZArtistForm),
    defaultValues,
  });
  const field = (name: keyof TArtistFormInput, props: { required?: boolean; date?: boolean; multi?: boolean } = {}) => {
    const error = formState.errors[name]?.message;
    return (
      <TextField
        label={translate(`artists.fields.${name}`)}
        required={props.required}
        type={props.date ? 'date' : undefined}
        multiline={props.multi}
        minRows={props.multi ? 4 : undefined}
        {...register(name)}
        error={Boolean(error)}
        helperText={error ? issueText(error, language) : undefined}
        slotProps={props.date ? { inputLabel: { shrink: true } } : undefined}
        sx={{ flex: 1 }}
      />
    );
  };
  return (
    <Paper sx={{ p: 3 }}>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={handleSubmit(
          async (body) => {
            setProblem(null);
            try {
              await onSubmit(body);
            } catch (error) {
              setProblem(errorMessage(error));
            }
          },
          (invalid) => {
            const first = LANGS.find((lang) => invalid[`bio_${lang}`]);
            if (first) setTab(first);
          },
        )}
      >
        {field('name', { required: true })}
        <Stack direction="row" spacing={2}>
          {field('date_of_birth', { date: true })}
          {field('date_of_death', { date: true })}
          {field('record_price')}
        </Stack>
        <LanguageTabs
          label={translate('artists.bioLanguage')}
          failing={(lang) => Boolean(formState.errors[`bio_${lang}`])}
          tab={tab}
          onTab={setTab}
        >
          {(lang) => <Stack>{field(`bio_${lang}`, { required: true, multi: true })}</Stack>}
        </LanguageTabs>
        <div>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

function YearForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: TYearFormInput;
  onSave: (year: TYearForm) => Promise<void>;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { register, handleSubmit, formState, reset } = useForm<TYearFormInput, unknown, TYearForm>({
    resolver: zodResolver(ZYearForm),
    defaultValues: initial,
  });
  const editing = Boolean(initial.year);
  const field = (name: keyof TYearFormInput, width: number) => {
    const error = formState.errors[name]?.message;
    return (
      <TextField
        label={translate(`artists.years.${name}`)}
        required={name !== 'record_price'}
        {...register(name)}
        disabled={editing && name === 'year'}
        error={Boolean(error)}
        helperText={error ? issueText(error, language) : undefined}
        sx={{ width }}
        size="small"
      />
    );
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={translate(editing ? 'artists.years.editTitle' : 'artists.years.addTitle')}
      onSubmit={handleSubmit(async (value) => {
        await onSave(value);
        if (!editing) reset(EMPTY_YEAR);
      })}
    >
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {translate(editing ? 'artists.years.editTitle' : 'artists.years.addTitle', { year: initial.year })}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
        {field('year', 100)}
        {field('turnover', 250)}
        {field('lots_sold', 120)}
        {field('lots_unsold', 120)}
        {field('avg_price_cm2', 250)}
        {field('record_price', 220)}
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {translate('artists.years.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{translate('artists.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}

function Years({ artist, onChange }: { artist: ArtistDetail; onChange: (artist: ArtistDetail) => void }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [editing, setEditing] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor, 'EURO', language));
  const save = async ({ year, body }: TYearForm) => {
    setProblem(null);
    try {
      onChange(await apiCall<ArtistDetail>(`/admin/artists/${artist.id}/years/${year}`, { method: 'PUT', body }));
      setEditing(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const remove = async (year: number) => {
    setProblem(null);
    try {
      onChange(await apiCall<ArtistDetail>(`/admin/artists/${artist.id}/years/${year}`, { method: 'DELETE' }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const years = [...artist.years].sort((a, b) => b.year - a.year);
  const editedRow = years.find((row) => row.year === editing);
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="years-title">
      <Typography id="years-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {translate('artists.years.title')}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="rating-index">
        {translate('artists.years.index', { index: formatNumber(artist.ic_artist_euro, language) })}
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {years.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{translate('artists.years.none')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('artists.years.title')} sx={{ mb: 3 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('artists.years.year')}</TableCell>
              <TableCell>{translate('artists.years.turnover')}</TableCell>
              <TableCell>{translate('artists.years.lots_sold')}</TableCell>
              <TableCell>{translate('artists.years.lots_unsold')}</TableCell>
              <TableCell>{translate('artists.years.avg_price_cm2')}</TableCell>
              <TableCell>{translate('artists.years.record_price')}</TableCell>
              <TableCell>{translate('artists.years.indexColumn')}</TableCell>
              <TableCell>{translate('artists.years.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {years.map((row) => (
              <TableRow key={row.year}>
                <TableCell component="th" scope="row">
                  {row.year}
                </TableCell>
                <TableCell>{money(row.turnover_minor)}</TableCell>
                <TableCell>{formatNumber(row.lots_sold, language)}</TableCell>
                <TableCell>{formatNumber(row.lots_unsold, language)}</TableCell>
                <TableCell>{money(row.avg_price_cm2_minor)}</TableCell>
                <TableCell>{money(row.record_price_minor)}</TableCell>
                <TableCell>{row.index_euro === null ? '—' : formatNumber(row.index_euro, language)}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setEditing(row.year)}>
                    {translate('artists.years.edit', { year: row.year })}
                  </Button>
                  <Button size="small" color="error" onClick={() => void remove(row.year)}>
                    {translate('artists.years.delete', { year: row.year })}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editedRow ? (
        <YearForm
          key={editedRow.year}
          initial={yearFormValues(editedRow)}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <YearForm key="new" initial={EMPTY_YEAR} onSave={save} />
      )}
    </Paper>
  );
}

/** /artists/new and /artists/:id: the artist, the portrait and the yearly auction figures. */
export function ArtistPage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const navigate = useNavigate();
  const { id } = useParams();
  const creating = !id || id === 'new';
  const { result, query } = useOne<ArtistDetail>({
    resource: 'artists',
    id: id ?? '',
    queryOptions: { enabled: !creating },
  });
  const [fresh, setFresh] = useState<ArtistDetail | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const artist = fresh && fresh.id === id ? fresh : (result as ArtistDetail | undefined);
  const update = (next: ArtistDetail) => {
    setFresh(next);
    void query.refetch();
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Link component={RouterLink} to="/artists">
        {translate('artists.back')}
      </Link>
      <Typography variant="h1" component="h1">
        {creating ? translate('artists.create') : (artist?.name ?? translate('artists.title'))}
      </Typography>
      {saved && (
        <Alert severity="success" role="status">
          {saved}
        </Alert>
      )}
      {creating ? (
        <ArtistForm
          defaultValues={EMPTY_ARTIST}
          submitLabel={translate('artists.createSubmit')}
          onSubmit={async (body) => {
            const created = await apiCall<ArtistDetail>('/admin/artists', { method: 'POST', body });
            setFresh(created);
            setSaved(messages.ArtistCreated[language]);
            navigate(`/artists/${created.id}`);
          }}
        />
      ) : query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : !artist ? (
        <CircularProgress aria-label={translate('artists.loading')} />
      ) : (
        <>
          <ArtistForm
            key={artist.id}
            defaultValues={artistFormValues(artist)}
            submitLabel={translate('artists.save')}
            onSubmit={async (body) => {
              update(await apiCall<ArtistDetail>(`/admin/artists/${artist.id}`, { method: 'PATCH', body }));
              setSaved(messages.ArtistUpdated[language]);
            }}
          />
          <Paper sx={{ p: 3 }} component="section" aria-labelledby="portrait-title">
            <Typography id="portrait-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
              {translate('artists.portrait')}
            </Typography>
            {problem && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {problem}
              </Alert>
            )}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Thumbnail
                imageKey={artist.img}
                alt={translate('artists.portraitAlt', { name: artist.name })}
                size={96}
              />
              <Typography>
                <strong data-testid="portrait-state">
                  {translate(artist.img ? 'artists.present' : 'artists.missing')}
                </strong>
              </Typography>
              <FileInput
                id="portrait-file"
                label={translate('artists.choosePortrait')}
                accept="image/jpeg,image/png,image/webp"
                onFile={async (file) => {
                  setProblem(null);
                  try {
                    update(await uploadFile<ArtistDetail>(`/admin/artists/${artist.id}/portrait`, 'image', file));
                    setSaved(messages.ArtistPortraitUpdated[language]);
                  } catch (error) {
                    setProblem(errorMessage(error));
                  }
                }}
              />
            </Stack>
          </Paper>
          <Years artist={artist} onChange={update} />
        </>
      )}
    </Stack>
  );
}
