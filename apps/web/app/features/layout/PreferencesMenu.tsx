import Check from '@mui/icons-material/Check';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import { Box, Button, Popover, ToggleButton, Typography } from '@mui/material';
import { CURRENCIES, CURRENCY_SYMBOL, type Currency, LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/language';
import { setCurrency, useCurrency } from '../preferences/currency';
import { changeLanguage } from '../preferences/language';
import { palette, visuallyHidden } from '../theme/theme';

const optionSx = {
  display: 'flex',
  width: '100%',
  justifyContent: 'flex-start',
  textTransform: 'none',
  letterSpacing: '0.02em',
  color: palette.ink,
  borderColor: palette.line,
  px: 2,
  '&.Mui-selected': { bgcolor: palette.wall, color: palette.ink, fontWeight: 600 },
  '&.Mui-selected:hover': { bgcolor: palette.line },
  '& + &': { mt: '-1px' },
} as const;

/**
 * Language and currency chooser, opened on click (spec §2). A small dialog (popover with a focus trap, Escape closes,
 * focus returns to the button) with two groups of toggle buttons: every choice is its own tab stop and Enter picks it,
 * so Tab and Enter alone are enough (decision in docs/decisions.md).
 */
export function PreferencesMenu() {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const language = currentLanguage();
  const ids = useId();
  const close = () => setAnchor(null);

  const pickLanguage = (next: Language) => {
    close();
    if (next === language) return;
    void changeLanguage(next);
  };
  const pickCurrency = (next: Currency) => {
    setCurrency(next);
    close();
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? `${ids}-dialog` : undefined}
        data-testid="preferences-button"
        startIcon={<LanguageOutlined fontSize="small" />}
        sx={{
          minWidth: 0,
          px: { xs: 1, sm: 1.5 },
          fontWeight: 500,
          whiteSpace: 'nowrap',
          // On the narrowest phones the globe gives way so the sign-in button keeps its full label.
          '& .MuiButton-startIcon': { mr: { xs: 0.5, sm: 1 }, display: { xs: 'none', sm: 'inherit' } },
        }}
        lang={i18n.resolvedLanguage}
      >
        {/* The visible text starts the accessible name (WCAG 2.5.3), the purpose follows for screen readers. */}
        {language.toUpperCase()} · {CURRENCY_SYMBOL[currency]}
        <Box component="span" sx={visuallyHidden}>
          {` — ${t('preferences.button')}`}
        </Box>
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            id: `${ids}-dialog`,
            role: 'dialog',
            'aria-labelledby': `${ids}-title`,
            'data-testid': 'preferences-dialog',
            sx: { minWidth: 240, mt: 1, p: 2, border: `1px solid ${palette.line}` },
          } as object,
        }}
      >
        <Typography id={`${ids}-title`} component="h2" sx={visuallyHidden}>
          {t('preferences.button')}
        </Typography>
        <Typography id={`${ids}-language`} variant="overline" component="p" sx={{ color: palette.muted }}>
          {t('preferences.language')}
        </Typography>
        {/* Plain toggle buttons in a group, not a ToggleButtonGroup: its roving tab stop needs the arrow keys. */}
        <Box role="group" aria-labelledby={`${ids}-language`} sx={{ mb: 2 }}>
          {LANGUAGES.map((code) => (
            <ToggleButton
              key={code}
              value={code}
              lang={code}
              size="small"
              selected={code === language}
              // Keyboard users land on the current choice when the chooser opens.
              autoFocus={code === language}
              onChange={() => pickLanguage(code)}
              data-testid={`language-${code}`}
              sx={optionSx}
            >
              {t(`preferences.languages.${code}`)}
              {code === language && <Check fontSize="small" sx={{ ml: 'auto' }} />}
            </ToggleButton>
          ))}
        </Box>
        <Typography id={`${ids}-currency`} variant="overline" component="p" sx={{ color: palette.muted }}>
          {t('preferences.currency')}
        </Typography>
        <Box role="group" aria-labelledby={`${ids}-currency`}>
          {CURRENCIES.map((code) => (
            <ToggleButton
              key={code}
              value={code}
              size="small"
              selected={code === currency}
              onChange={() => pickCurrency(code)}
              data-testid={`currency-${code}`}
              sx={optionSx}
            >
              {t(`preferences.currencies.${code}`)}
              {code === currency && <Check fontSize="small" sx={{ ml: 'auto' }} />}
            </ToggleButton>
          ))}
        </Box>
      </Popover>
    </>
  );
}
