import Check from '@mui/icons-material/Check';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import { Box, Typography } from '@mui/material';
import { CURRENCIES, CURRENCY_SYMBOL, type Currency, LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentLanguage, isLanguage } from '../i18n/language';
import { isCurrency, setCurrency, useCurrency } from '../preferences/currency';
import { changeLanguage } from '../preferences/language';
import { palette, visuallyHidden } from '../theme/theme';

/** Where the chooser's form goes when the page has no JavaScript (apps/api/src/http/preferences-form.ts). */
export const PREFERENCES_ACTION = '/preferences';

const optionSx = {
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: 40,
  px: 2,
  font: 'inherit',
  fontSize: 14,
  letterSpacing: '0.02em',
  textAlign: 'left',
  color: palette.ink,
  bgcolor: 'transparent',
  border: `1px solid ${palette.line}`,
  borderRadius: '2px',
  cursor: 'pointer',
  '& + &': { mt: '-1px' },
  '&:hover': { bgcolor: palette.wall },
  '&:focus-visible': { outline: `2px solid ${palette.ink}`, outlineOffset: 1, position: 'relative' },
  '&[aria-pressed="true"]': { bgcolor: palette.wall, fontWeight: 600 },
} as const;

function Option(props: {
  name: 'language' | 'currency';
  value: string;
  selected: boolean;
  lang?: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="button"
      type="submit"
      name={props.name}
      value={props.value}
      lang={props.lang}
      aria-pressed={props.selected}
      data-testid={`${props.name}-${props.value}`}
      sx={optionSx}
    >
      {props.children}
      {props.selected && <Check fontSize="small" sx={{ ml: 'auto' }} />}
    </Box>
  );
}

/**
 * Language and currency chooser (spec §2), built on the browser's own popover (issue 33): the button opens it without
 * any script, Escape and a click outside close it, focus returns to the button, and every choice is a submit button
 * of one small form, so Tab and Enter alone are enough. Without JavaScript the form posts to `/preferences`, which
 * keeps the choice in its cookie and brings the visitor back; with it, the choice applies at once, in place.
 */
export function PreferencesMenu() {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const language = currentLanguage();
  const { pathname, search } = useLocation();
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  const popoverId = `${ids}-preferences`;

  // Keyboard users land on the current language when the chooser opens (with a script; without one, Tab does).
  useEffect(() => {
    const element = panel.current;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== 'open') return;
      element?.querySelector<HTMLButtonElement>('button[name="language"][aria-pressed="true"]')?.focus();
    };
    element?.addEventListener('toggle', onToggle);
    return () => element?.removeEventListener('toggle', onToggle);
  }, []);

  const choose = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    event.preventDefault();
    const value: unknown = submitter.value;
    if (submitter.name === 'language' && isLanguage(value) && value !== language) void changeLanguage(value);
    if (submitter.name === 'currency' && isCurrency(value)) setCurrency(value as Currency);
    panel.current?.hidePopover?.();
  };

  return (
    <>
      <Box
        component="button"
        type="button"
        popoverTarget={popoverId}
        aria-haspopup="dialog"
        data-testid="preferences-button"
        lang={i18n.resolvedLanguage}
        sx={{
          anchorName: '--preferences',
          display: 'inline-flex',
          alignItems: 'center',
          gap: 1,
          minHeight: 36,
          px: { xs: 1, sm: 1.5 },
          font: 'inherit',
          fontSize: 14,
          fontWeight: 500,
          letterSpacing: '0.02em',
          whiteSpace: 'nowrap',
          color: 'inherit',
          bgcolor: 'transparent',
          border: 0,
          borderRadius: '2px',
          cursor: 'pointer',
          '&:hover': { bgcolor: 'rgba(28, 27, 25, 0.04)' },
          '&:focus-visible': { outline: `2px solid ${palette.ink}`, outlineOffset: 2 },
          // On the narrowest phones the globe gives way so the sign-in button keeps its full label.
          '& svg': { display: { xs: 'none', sm: 'inline-block' } },
        }}
      >
        <LanguageOutlined fontSize="small" aria-hidden />
        {/* The visible text starts the accessible name (WCAG 2.5.3), the purpose follows for screen readers. */}
        {language.toUpperCase()} · {CURRENCY_SYMBOL[currency]}
        <Box component="span" sx={visuallyHidden}>
          {` — ${t('preferences.button')}`}
        </Box>
      </Box>
      <Box
        ref={panel}
        id={popoverId}
        popover="auto"
        role="dialog"
        aria-labelledby={`${ids}-title`}
        data-testid="preferences-dialog"
        sx={{
          // The browser's popover sits in the middle of the window: this one hangs under its button.
          position: 'fixed',
          inset: 'auto',
          top: { xs: 106, md: 122 },
          right: { xs: 12, md: 24 },
          m: 0,
          minWidth: 240,
          p: 2,
          color: palette.ink,
          bgcolor: palette.paper,
          border: `1px solid ${palette.line}`,
          borderRadius: '2px',
          boxShadow: '0 18px 40px rgba(28, 27, 25, 0.12)',
          '@supports (position-anchor: --preferences)': {
            positionAnchor: '--preferences',
            top: 'anchor(bottom)',
            right: 'anchor(right)',
            mt: 1,
          },
        }}
      >
        <form method="post" action={PREFERENCES_ACTION} onSubmit={choose}>
          <input type="hidden" name="return" value={`${pathname}${search}`} />
          <Typography id={`${ids}-title`} component="h2" sx={visuallyHidden}>
            {t('preferences.button')}
          </Typography>
          <Typography id={`${ids}-language`} variant="overline" component="p" sx={{ color: palette.muted }}>
            {t('preferences.language')}
          </Typography>
          <Box role="group" aria-labelledby={`${ids}-language`} sx={{ mb: 2 }}>
            {LANGUAGES.map((code: Language) => (
              <Option key={code} name="language" value={code} lang={code} selected={code === language}>
                {t(`preferences.languages.${code}`)}
              </Option>
            ))}
          </Box>
          <Typography id={`${ids}-currency`} variant="overline" component="p" sx={{ color: palette.muted }}>
            {t('preferences.currency')}
          </Typography>
          <Box role="group" aria-labelledby={`${ids}-currency`}>
            {CURRENCIES.map((code) => (
              <Option key={code} name="currency" value={code} selected={code === currency}>
                {t(`preferences.currencies.${code}`)}
              </Option>
            ))}
          </Box>
        </form>
      </Box>
    </>
  );
}
