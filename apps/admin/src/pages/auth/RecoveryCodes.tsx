import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { dateTimeText } from '../../format';
import type { Language } from '../../providers/i18n';
import { saveBlob } from '../withdrawals/download';

/** The file name of the downloaded codes. */
export const RECOVERY_FILE = 'parcelle-console-recovery-codes.txt';

/** The downloaded (and copied) text: what the codes are for, when they were made, one code a line. */
export function recoveryText(
  codes: string[],
  language: Language,
  translate: (key: string, options?: Record<string, unknown>) => string,
  now = new Date(),
): string {
  const header = [
    translate('auth.recoveryFileTitle'),
    translate('auth.recoveryFileMade', { date: dateTimeText(now.toISOString(), language) }),
    translate('auth.recoveryIntro'),
    '',
  ];
  return `${[...header, ...codes].join('\n')}\n`;
}

/**
 * The recovery codes, shown once after the enrolment: listed, copied to the clipboard, downloaded as a .txt file, or
 * printed (the print stylesheet leaves only the codes and their title on the page: `.recovery-no-print` hides the
 * buttons and the console's frame).
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const text = () => recoveryText(codes, language, translate);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <>
      <Box
        component="ul"
        aria-label={translate('auth.recoveryTitle')}
        sx={{ fontFamily: 'monospace', fontSize: '1rem', columns: 2, pl: 3, mb: 2 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        className="recovery-no-print"
        sx={{ mb: 2, flexWrap: 'wrap', '@media print': { display: 'none' } }}
      >
        <Button variant="outlined" onClick={() => void copy()}>
          {translate('auth.recoveryCopy')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => saveBlob(new Blob([text()], { type: 'text/plain;charset=utf-8' }), RECOVERY_FILE)}
        >
          {translate('auth.recoveryDownload')}
        </Button>
        <Button variant="outlined" onClick={() => window.print()}>
          {translate('auth.recoveryPrint')}
        </Button>
      </Stack>
      {copied && (
        <Alert severity={copied === 'yes' ? 'success' : 'error'} role="status" sx={{ mb: 2 }}>
          {translate(copied === 'yes' ? 'auth.recoveryCopied' : 'auth.recoveryCopyFailed')}
        </Alert>
      )}
      <Button variant="contained" fullWidth onClick={onDone} sx={{ '@media print': { display: 'none' } }}>
        {translate('auth.recoveryDone')}
      </Button>
    </>
  );
}
