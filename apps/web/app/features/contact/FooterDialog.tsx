import { Box, Typography } from '@mui/material';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCloseButton } from '../layout/DialogCloseButton';
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

const WIDTH = { sm: 600, md: 900 } as const;
const PHONE = '@media (max-width: 599.95px)';

/**
 * The frame of the footer's dialogs (an eyebrow, a serif title, a close button; full screen on phones), as the
 * browser's own modal `<dialog>` (issue 33): it opens without a script, keeps focus inside, closes with Escape, a
 * click beside it or its button, and gives focus back to what opened it.
 */
export function FooterDialog({ id, open, onClose, eyebrow, title, testId, children, maxWidth = 'sm' }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || open === undefined) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !onClose) return;
    element.addEventListener('close', onClose);
    return () => element.removeEventListener('close', onClose);
  }, [onClose]);

  return (
    <Box
      component="dialog"
      ref={dialog}
      id={id}
      closedby="any"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{
        width: `min(${WIDTH[maxWidth]}px, calc(100% - 64px))`,
        maxWidth: 'none',
        maxHeight: 'calc(100% - 64px)',
        p: 0,
        border: 0,
        borderRadius: '2px',
        bgcolor: palette.paper,
        color: palette.ink,
        boxShadow: '0 24px 60px rgba(28, 27, 25, 0.24)',
        '&::backdrop': { bgcolor: 'rgba(28, 27, 25, 0.5)' },
        [PHONE]: { width: '100%', height: '100%', maxHeight: 'none', m: 0, borderRadius: 0 },
      }}
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
    </Box>
  );
}

/** Closes the dialog a link sits in when the page changes in place (with a script) rather than by a new page. */
export function closeEnclosingDialog(event: { currentTarget: Element }) {
  event.currentTarget.closest('dialog')?.close();
}
