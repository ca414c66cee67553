import { TextField } from '@mui/material';
import { useMemo } from 'react';
import { currentLanguage } from '../i18n/language';
import { countriesIn } from './country-options';

type Props = { value: string; onChange: (code: string) => void; label: string; testId: string };

/** The phone's country (ISO2), shown with its dial code; a native select, light on phones. */
export function DialCodeSelect({ value, onChange, label, testId }: Props) {
  const language = currentLanguage();
  const list = useMemo(() => countriesIn(language), [language]);
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="tel-country-code"
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': testId } }}
    >
      {list.map((country) => (
        <option key={country.code} value={country.code}>
          {`${country.name[language]} (${country.dialCode})`}
        </option>
      ))}
    </TextField>
  );
}
