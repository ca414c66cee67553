import { palette } from '../theme/theme';

/**
 * The sign-up's address field as an MUI `sx` (the no-script pages', /newsletter/subscribe and /contact, rendered by
 * the server): a plain input styled as the site's outlined fields. The island's sign-up draws the same by its CSS
 * Module (newsletter-signup.module.css, decision 494).
 */
export const EMAIL_INPUT_SX = {
  display: 'block',
  width: '100%',
  minHeight: 48,
  px: 1.75,
  font: 'inherit',
  fontSize: 16,
  color: palette.ink,
  bgcolor: '#FFFFFF',
  border: `1px solid ${palette.line}`,
  borderRadius: '2px',
  '&::placeholder': { color: palette.muted, opacity: 1 },
  '&:hover': { borderColor: palette.ink },
  '&:focus-visible': { outline: `2px solid ${palette.accent}`, outlineOffset: 1, borderColor: palette.ink },
} as const;
