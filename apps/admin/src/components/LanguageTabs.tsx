import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslate } from '@refinedev/core';
import { type ReactNode, useId, useState } from 'react';

export type Lang = 'en' | 'fr';
export const LANGS: readonly Lang[] = ['en', 'fr'];

/**
 * The console's one way to enter a text members read in their own language (issue 32): an English and a French tab,
 * each holding its language's fields. Both panels stay mounted (their form fields keep their values and errors);
 * only the open one shows. A tab whose fields are refused says so in its label ("French (to correct)"), so a
 * missing translation is never hidden behind the other tab. Controlled (`tab`, `onTab`) when the form opens the
 * failing tab itself on submit; `aside` sits beside the panels from wide screens on (the content editor's preview).
 */
export function LanguageTabs({
  label,
  failing,
  children,
  tab,
  onTab,
  aside,
}: {
  /** What the tabs choose, for screen readers ("Language of the page"). */
  label: string;
  /** Whether a language's fields hold an error. */
  failing?: (lang: Lang) => boolean;
  children: (lang: Lang) => ReactNode;
  tab?: Lang;
  onTab?: (lang: Lang) => void;
  aside?: ReactNode;
}) {
  const translate = useTranslate();
  const id = useId();
  const [own, setOwn] = useState<Lang>('en');
  const open = tab ?? own;
  const choose = (lang: Lang) => {
    setOwn(lang);
    onTab?.(lang);
  };
  const tabLabel = (lang: Lang) =>
    failing?.(lang)
      ? translate('languageTabs.withErrors', { language: translate(`language.${lang}`) })
      : translate(`language.${lang}`);
  const panels = LANGS.map((lang) => (
    <Box
      key={lang}
      role="tabpanel"
      id={`${id}-panel-${lang}`}
      aria-labelledby={`${id}-tab-${lang}`}
      hidden={open !== lang}
    >
      {children(lang)}
    </Box>
  ));
  return (
    <Box>
      <Tabs value={open} onChange={(_event, value: Lang) => choose(value)} aria-label={label} sx={{ mb: 2 }}>
        {LANGS.map((lang) => (
          <Tab
            key={lang}
            value={lang}
            label={tabLabel(lang)}
            id={`${id}-tab-${lang}`}
            aria-controls={`${id}-panel-${lang}`}
          />
        ))}
      </Tabs>
      {aside ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          }}
        >
          <Box>{panels}</Box>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 }, alignSelf: 'start' }}>{aside}</Box>
        </Box>
      ) : (
        panels
      )}
    </Box>
  );
}
