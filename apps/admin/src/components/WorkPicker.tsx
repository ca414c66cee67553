import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ZAdminPainting, ZAdminPaintings } from '@parcelle/shared/contracts/catalogue-admin';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { apiCall } from '../api/client';
import type { Language } from '../providers/i18n';
import { Thumbnail } from './Thumbnail';

export type PickedWork = z.infer<typeof ZAdminPainting>;

/** How long the picker waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 250;
/** How many matches the picker lists. */
const MATCHES = 10;

/** A work as the picker and the confirmations name it: its title in the interface language and its artist. */
export function workLabel(work: PickedWork, language: Language): string {
  return `${workTitle(work, language)} — ${work.artist_name}`;
}

/** A work's title in the interface language. */
export function workTitle(work: Pick<PickedWork, 'title_en' | 'title_fr'>, language: Language): string {
  return language === 'fr' ? work.title_fr : work.title_en;
}

/**
 * Chooses a work by what the operator types (title in either language or artist): GET /api/admin/paintings?q= searches
 * on the server as they type; each match shows its cover, title, artist and market state. Replaces typing a work's id.
 */
export function WorkPicker({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: PickedWork | null;
  onChange: (work: PickedWork | null) => void;
  error?: boolean;
  helperText?: string;
}) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [text, setText] = useState('');
  // What the operator typed, searched for once they pause; the label a choice writes in the field is not searched.
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useQuery({
    queryKey: ['work-picker', query],
    queryFn: () =>
      apiCall<z.infer<typeof ZAdminPaintings>>(
        `/admin/paintings?${new URLSearchParams({ ...(query ? { q: query } : {}), limit: String(MATCHES), offset: '0' })}`,
      ),
    staleTime: 30_000,
  });
  const options = search.data?.paintings ?? [];
  return (
    <Autocomplete<PickedWork>
      value={value}
      onChange={(_event, work) => onChange(work)}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        setText(next);
        if (reason === 'input' || reason === 'clear') setTyped(next);
      }}
      options={value && !options.some((work) => work.id === value.id) ? [value, ...options] : options}
      // The server has filtered: the list shows its answer as it is.
      filterOptions={(all) => all}
      getOptionLabel={(work) => workLabel(work, language)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={search.isFetching}
      loadingText={translate('picker.loading')}
      noOptionsText={search.isError ? translate('list.error') : translate('picker.none')}
      renderOption={({ key, ...props }, work) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box sx={{ width: 40, height: 40, flexShrink: 0 }}>
            <Thumbnail imageKey={work.cover_img} alt="" size={40} />
          </Box>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography noWrap>{workTitle(work, language)}</Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {work.artist_name} · {work.year}
            </Typography>
          </Box>
          <Chip size="small" label={translate(`works.markets.${work.market}`)} />
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          error={error}
          helperText={helperText ?? translate('picker.help')}
        />
      )}
    />
  );
}
