import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import { Box, Button } from '@mui/material';
import { CURRENCY_SYMBOL, type Currency } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/language';
import { setCurrency, useCurrency } from '../preferences/currency';
import { changeLanguage } from '../preferences/language';
import { visuallyHidden } from '../theme/theme';

// The dialog (popover, focus trap, toggle buttons) is fetched on the first click, not with every page (issue 14).
const PreferencesDialog = lazy(() => import('./PreferencesDialog'));

/**
 * Language and currency chooser, opened on click (spec §2). A small dialog (popover with a focus trap, Escape closes,
 * focus returns to the button) with two groups of toggle buttons: every choice is its own tab stop and Enter picks it,
 * so Tab and Enter alone are enough (decision in docs/decisions.md).
 */
export function PreferencesMenu() {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that closing it plays its transition and returns the focus.
  const [used, setUsed] = useState(false);
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
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
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
      {used && (
        <Suspense fallback={null}>
          <PreferencesDialog
            anchor={anchor}
            ids={ids}
            language={language}
            currency={currency}
            onClose={close}
            pickLanguage={pickLanguage}
            pickCurrency={pickCurrency}
          />
        </Suspense>
      )}
    </>
  );
}
