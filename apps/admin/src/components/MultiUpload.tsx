import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@parcelle/shared/i18n/messages';
import { formatNumber } from '@parcelle/shared/money';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { type DragEvent, useId, useState } from 'react';
import { errorMessage } from '../providers/auth-provider';
import type { Language } from '../providers/i18n';
import { FilePicker } from './FilePicker';
import { type FileRule, fileProblem } from './upload-queue';

/** One file of the list: what it is for (type and language when the list asks), and how its sending goes. */
export type QueuedFile = {
  id: number;
  file: File;
  kind: string;
  lang: string;
  /** 0 to 1 while sending. */
  progress: number;
  state: 'ready' | 'sending' | 'sent' | 'failed';
  /** Why it cannot be sent or was refused, in the console's language. */
  problem: string | null;
};

type Option = { value: string; label: string };

let nextId = 1;

/**
 * The console's one upload control for several files (issue 32): dropped on it or chosen at once in the picker, each
 * file is listed with its own type and language (when the list asks for them, guessed from its name), checked before
 * it leaves (type, size, two files for the same target), then sent one after another with its own progress bar. A
 * file refused (here or by the server) says why on its own row and may be corrected and sent again; the others go on.
 */
export function MultiUpload<T>({
  label,
  hint,
  rule,
  kinds,
  languages,
  guess,
  send,
  onSent,
}: {
  /** What the list takes ("PDF documents"): names the picker and the drop zone. */
  label: string;
  hint?: string;
  rule: FileRule;
  /** The types a file may be (a work's document kinds); omitted: no type asked. */
  kinds?: readonly Option[];
  /** The languages a file may be in; omitted: no language asked. */
  languages?: readonly Option[];
  guess?: (name: string) => { kind: string | null; lang: string | null };
  send: (item: QueuedFile, onProgress: (share: number) => void) => Promise<T>;
  /** Each server answer, as it comes (the work with its new document). */
  onSent?: (answer: T) => void;
}) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const inputId = useId();
  const [items, setItems] = useState<QueuedFile[]>([]);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);

  const update = (id: number, change: Partial<QueuedFile>) =>
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const add = (files: readonly File[]) => {
    const added = files.map((file): QueuedFile => {
      const guessed = guess?.(file.name) ?? { kind: null, lang: null };
      return {
        id: nextId++,
        file,
        kind: guessed.kind ?? '',
        lang: guessed.lang ?? '',
        progress: 0,
        state: 'ready',
        problem: null,
      };
    });
    setItems((all) => [...all.filter((item) => item.state !== 'sent'), ...added]);
  };

  /** Why an item cannot go yet (checked again before each send), or null. */
  const problemOf = (item: QueuedFile, all: readonly QueuedFile[]): string | null => {
    const refused = fileProblem(item.file, rule);
    if (refused) return messages[refused][language];
    if (kinds && !item.kind) return translate('upload.chooseKind');
    if (languages && !item.lang) return translate('upload.chooseLanguage');
    if (kinds || languages) {
      const same = all.filter(
        (other) => other.state !== 'sent' && other.kind === item.kind && other.lang === item.lang,
      );
      if (same.length > 1) return translate('upload.sameTarget');
    }
    return null;
  };

  const sendAll = async () => {
    setBusy(true);
    const checked = items.map((item) =>
      item.state === 'sent' ? item : { ...item, problem: problemOf(item, items), progress: 0 },
    );
    setItems(checked.map((item) => (item.problem ? { ...item, state: 'failed' } : item)));
    for (const item of checked) {
      if (item.state === 'sent' || item.problem) continue;
      update(item.id, { state: 'sending', progress: 0 });
      try {
        const answer = await send(item, (share) => update(item.id, { progress: share }));
        update(item.id, { state: 'sent', progress: 1, problem: null });
        onSent?.(answer);
      } catch (error) {
        update(item.id, { state: 'failed', problem: errorMessage(error) });
      }
    }
    setBusy(false);
  };

  const waiting = items.filter((item) => item.state === 'ready' || item.state === 'failed');
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!busy) add([...event.dataTransfer.files]);
  };
  const select = (item: QueuedFile, field: 'kind' | 'lang', options: readonly Option[], title: string) => (
    <TextField
      select
      size="small"
      label={title}
      value={item[field]}
      disabled={busy || item.state === 'sent'}
      onChange={(event) => update(item.id, { [field]: event.target.value, state: 'ready', problem: null })}
      sx={{ minWidth: field === 'kind' ? 230 : 130 }}
      slotProps={{ htmlInput: { 'aria-label': `${title} — ${item.file.name}` } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={1.5}>
      <Box
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: '2px dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box component="label" htmlFor={inputId} sx={{ flex: 1, minWidth: 220 }}>
          {translate('upload.dropHere', { what: label })}
          {hint && (
            <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary', mt: 0.5 }}>
              {hint}
            </Typography>
          )}
        </Box>
        <FilePicker
          id={inputId}
          multiple
          accept={rule.types.join(',')}
          disabled={busy}
          buttonLabel={translate('upload.chooseButton')}
          onChange={(_file, event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Box>
      {items.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('upload.list')}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.id}
              data-testid="upload-item"
              sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{item.file.name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {translate('upload.size', {
                      size: formatNumber(Math.max(1, Math.round(item.file.size / 1024)), language),
                    })}
                  </Typography>
                </Box>
                {kinds && select(item, 'kind', kinds, translate('upload.kind'))}
                {languages && select(item, 'lang', languages, translate('upload.language'))}
                <Typography variant="body2" role="status" sx={{ minWidth: 90 }} data-testid="upload-state">
                  {item.state === 'sending'
                    ? translate('upload.sending', { percent: formatNumber(Math.round(item.progress * 100), language) })
                    : translate(`upload.states.${item.state}`)}
                </Typography>
                <IconButton
                  size="small"
                  disabled={item.state === 'sending'}
                  aria-label={translate('upload.remove', { name: item.file.name })}
                  onClick={() => setItems((all) => all.filter((other) => other.id !== item.id))}
                >
                  ×
                </IconButton>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={Math.round(item.progress * 100)}
                color={item.state === 'failed' ? 'error' : item.state === 'sent' ? 'success' : 'primary'}
                aria-label={translate('upload.progress', { name: item.file.name })}
                sx={{ mt: 1 }}
              />
              {item.problem && (
                <Alert severity="error" sx={{ mt: 1, py: 0 }}>
                  {item.problem}
                </Alert>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {waiting.length > 0 && (
        <div>
          <Button variant="contained" disabled={busy} onClick={() => void sendAll()}>
            {translate('upload.send', { count: waiting.length })}
          </Button>
        </div>
      )}
    </Stack>
  );
}
