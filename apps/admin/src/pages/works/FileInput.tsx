import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FilePicker } from '../../components/FilePicker';

/** A file input with its label that sends the chosen file at once (keyboard: Tab to it, Enter/Space to choose). */
export function FileInput({
  label,
  accept,
  onFile,
  id,
  compact = false,
}: {
  label: string;
  accept: string;
  onFile: (file: File) => Promise<void>;
  id: string;
  /** The label above a narrow input (table cells). */
  compact?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Stack
      direction={compact ? 'column' : 'row'}
      spacing={compact ? 0.5 : 1}
      sx={{ alignItems: compact ? 'flex-start' : 'center', maxWidth: compact ? 220 : undefined }}
    >
      <Box component="label" htmlFor={id} sx={{ fontSize: '0.875rem' }}>
        {label}
      </Box>
      <FilePicker
        id={id}
        accept={accept}
        disabled={busy}
        onChange={async (file, event) => {
          event.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            await onFile(file);
          } finally {
            setBusy(false);
          }
        }}
      />
      {busy && <CircularProgress size={16} aria-hidden />}
    </Stack>
  );
}
