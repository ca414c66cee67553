import Check from '@mui/icons-material/Check';
import { Box, Popover, ToggleButton, Typography } from '@mui/material';
import { CURRENCIES, type Currency, LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { useTranslation } from 'react-i18next';
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

/** The chooser's dialog: fetched on the first click on the button (issue 14), PreferencesMenu opens it. */
export default function PreferencesDialog({
  anchor,
  ids,
  language,
  currency,
  onClose: close,
  pickLanguage,
  pickCurrency,
}: {
  anchor: HTMLElement | null;
  ids: string;
  language: Language;
  currency: Currency;
  onClose: () => void;
  pickLanguage: (next: Language) => void;
  pickCurrency: (next: Currency) => void;
}) {
  const { t } = useTranslation();
  return (
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
  );
}
