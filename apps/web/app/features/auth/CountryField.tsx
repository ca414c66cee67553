import { Autocomplete, TextField } from '@mui/material';
import { DELAY_MS } from '@parcelle/shared/constants';
import { findCountry, type TCountry } from '@parcelle/shared/countries';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../forms/use-debounced';
import { currentLanguage } from '../i18n/language';
import { countriesIn, searchCountries } from './country-options';

type Props = {
  value: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  error?: string;
  label: string;
  testId: string;
  inputRef?: (element: HTMLInputElement | null) => void;
};

/** Searchable country list, names in the current language, search debounced 250 ms (spec §9). */
export function CountryField({ value, onChange, onBlur, error, label, testId, inputRef }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = useMemo(() => countriesIn(language), [language]);
  const [input, setInput] = useState('');
  const query = useDebounced(input, DELAY_MS.countrySearchDebounce);
  const selected = value ? (findCountry(value) ?? null) : null;

  return (
    <Autocomplete<TCountry, false, false, false>
      options={list}
      value={selected}
      onChange={(_, country) => onChange(country?.code ?? '')}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      filterOptions={(options, state) =>
        // While typing, wait for the debounced query; the label of a picked country is not a search.
        state.inputValue === (selected?.name[language] ?? '') ? options : searchCountries(options, query, language)
      }
      getOptionLabel={(country) => country.name[language]}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      noOptionsText={t('register.noCountry')}
      autoHighlight
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error}
          inputRef={inputRef}
          autoComplete="country-name"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId, autoComplete: 'country-name' },
            formHelperText: (error ? { 'data-testid': `${testId}-error` } : {}) as object,
          }}
        />
      )}
    />
  );
}
