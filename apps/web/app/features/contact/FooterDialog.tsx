import { Box, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCloseButton } from '../layout/DialogCloseButton';
import { ModalDialog } from '../layout/ModalDialog';
import { fonts, palette } from '../theme/theme';

type Props = {
  /** The dialog's id: a button opens it with `command="show-modal" commandfor={id}`, no script needed. */
  id: string;
  eyebrow: string;
  title: string;
  testId: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md';
  /** Opened by the page's state instead of a button's command (the contact form, which needs a script anyway). */
  open?: boolean;
  onClose?: () => void;
};

/**
 * The frame of the footer's dialogs (an eyebrow, a serif title, a close button; full screen on phones), as the
 * browser's own modal `<dialog>` (issue 33, {@link ModalDialog}).
 */
export function FooterDialog({ id, open, onClose, eyebrow, title, testId, children, maxWidth = 'sm' }: Props) {
  const { t } = useTranslation();
  const titleId = useId();

  return (
    <ModalDialog
      id={id}
      labelledBy={titleId}
      testId={testId}
      maxWidth={maxWidth}
      fullScreenOnPhone
      open={open}
      onClose={onClose}
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
        <DialogCloseButton
          dialogId={id}
          label={t('common.close')}
          testId={`${testId}-close`}
          sx={{ position: 'absolute', top: { xs: 16, sm: 24 }, right: { xs: 12, sm: 24 } }}
        />
      </Box>
      <Box sx={{ px: { xs: 3, sm: 5 }, pt: 2.5, pb: { xs: 4, sm: 5 } }}>{children}</Box>
    </ModalDialog>
  );
}

/** Closes the dialog a link sits in when the page changes in place (with a script) rather than by a new page. */
export function closeEnclosingDialog(event: { currentTarget: Element }) {
  event.currentTarget.closest('dialog')?.close();
}
