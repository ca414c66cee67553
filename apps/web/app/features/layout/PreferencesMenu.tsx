import Check from '@mui/icons-material/Check';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import { Button, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { CURRENCIES, CURRENCY_SYMBOL, LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/language';
import { setCurrency, useCurrency } from '../preferences/currency';
import { changeLanguage } from '../preferences/language';

/** Language and currency dropdown, opened on click (spec §2). */
export function PreferencesMenu() {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const language = currentLanguage();
  const close = () => setAnchor(null);

  const pickLanguage = (next: Language) => {
    close();
    if (next === language) return;
    void changeLanguage(next);
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'preferences-menu' : undefined}
        aria-label={t('preferences.button')}
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
        {language.toUpperCase()} · {CURRENCY_SYMBOL[currency]}
      </Button>
      <Menu
        id="preferences-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <ListSubheader sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>{t('preferences.language')}</ListSubheader>
        {LANGUAGES.map((code) => (
          <MenuItem
            key={code}
            lang={code}
            selected={code === language}
            onClick={() => pickLanguage(code)}
            data-testid={`language-${code}`}
          >
            <ListItemIcon>{code === language && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`preferences.languages.${code}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>{t('preferences.currency')}</ListSubheader>
        {CURRENCIES.map((code) => (
          <MenuItem
            key={code}
            selected={code === currency}
            onClick={() => {
              setCurrency(code);
              close();
            }}
            data-testid={`currency-${code}`}
          >
            <ListItemIcon>{code === currency && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`preferences.currencies.${code}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
