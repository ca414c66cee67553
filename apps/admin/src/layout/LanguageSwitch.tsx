import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useGetLocale, useSetLocale, useTranslate } from '@refinedev/core';

/** English / Français, as two toggle buttons (each named in its own language). */
export function LanguageSwitch() {
  const translate = useTranslate();
  const locale = useGetLocale()();
  const setLocale = useSetLocale();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={locale}
      aria-label={translate('language.label')}
      onChange={(_event, value: string | null) => {
        if (value) void setLocale(value);
      }}
    >
      <ToggleButton value="en" lang="en" aria-label="English">
        EN
      </ToggleButton>
      <ToggleButton value="fr" lang="fr" aria-label="Français">
        FR
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
