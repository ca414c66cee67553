import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogContent, IconButton, Typography, useMediaQuery, useTheme } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fonts, palette } from '../theme/theme';

type Props = {
  open: boolean;
  onClose: () => void;
  eyebrow: string;
  title: string;
  testId: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md';
};

/** The frame of the footer's dialogs: an eyebrow, a serif title, a close button; full screen on phones. */
export function FooterDialog({ open, onClose, eyebrow, title, testId, children, maxWidth = 'sm' }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={phone}
      aria-labelledby={titleId}
      slotProps={{ paper: { 'data-testid': testId, sx: { bgcolor: palette.paper } } as object }}
    >
      <Box sx={{ px: { xs: 3, sm: 5 }, pt: { xs: 3, sm: 4.5 }, pb: 1, position: 'relative' }}>
        <Typography variant="overline" component="p" sx={{ color: palette.accent, pr: 6 }}>
          {eyebrow}
        </Typography>
        <Typography
          id={titleId}
          component="h2"
          sx={{ fontFamily: fonts.display, fontSize: { xs: 30, sm: 36 }, fontWeight: 500, lineHeight: 1.1, pr: 6 }}
        >
          {title}
        </Typography>
        <IconButton
          onClick={onClose}
          aria-label={t('common.close')}
          data-testid={`${testId}-close`}
          sx={{ position: 'absolute', top: { xs: 16, sm: 24 }, right: { xs: 12, sm: 24 } }}
        >
          <CloseIcon />
        </IconButton>
      </Box>
      <DialogContent sx={{ px: { xs: 3, sm: 5 }, pt: 2.5, pb: { xs: 4, sm: 5 } }}>{children}</DialogContent>
    </Dialog>
  );
}
