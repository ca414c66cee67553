import Box from '@mui/material/Box';
import { useTranslate } from '@refinedev/core';
import { type ChangeEvent, useState } from 'react';

/**
 * A file input that speaks the console's language. The browser's own control says "Choose File / No file chosen" in
 * the browser's language whatever the console shows, so the native input is visually hidden (it keeps the focus, the
 * keyboard — Enter or Space opens the chooser — and the accessible name its label gives it) and a button-like label
 * and the chosen file's name are drawn beside it, in the console's language.
 */
export function FilePicker({
  id,
  accept,
  disabled = false,
  onChange,
  describedBy,
  invalid = false,
  multiple = false,
  buttonLabel,
}: {
  id: string;
  accept: string;
  disabled?: boolean;
  onChange: (file: File | null, event: ChangeEvent<HTMLInputElement>) => void;
  describedBy?: string;
  invalid?: boolean;
  /** Several files at once: `onChange` then reads them from the event (the list that takes them names them). */
  multiple?: boolean;
  buttonLabel?: string;
}) {
  const translate = useTranslate();
  const [name, setName] = useState<string | null>(null);
  return (
    <Box
      sx={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        minWidth: 0,
        '& input:focus-visible + label': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box
        component="input"
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0] ?? null;
          setName(file?.name ?? null);
          onChange(file, event);
        }}
        sx={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', pointerEvents: 'none' }}
      />
      {/* A second label of the same input: it opens the chooser on a click; hidden from the accessible name. */}
      <Box
        component="label"
        htmlFor={id}
        aria-hidden="true"
        sx={{
          flex: 'none',
          px: 1.5,
          py: 0.5,
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1,
          fontSize: '0.8125rem',
          fontWeight: 600,
          cursor: disabled ? 'default' : 'pointer',
          color: disabled ? 'text.disabled' : 'primary.main',
          bgcolor: 'background.paper',
        }}
      >
        {buttonLabel ?? translate('file.choose')}
      </Box>
      {!multiple && (
        <Box
          component="span"
          sx={{ fontSize: '0.8125rem', color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {name ?? translate('file.none')}
        </Box>
      )}
    </Box>
  );
}
