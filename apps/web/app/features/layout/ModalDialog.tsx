import { Box, type SxProps, type Theme } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { palette } from '../theme/theme';

type Props = {
  /** The dialog's id: a button opens it with `command="show-modal" commandfor={id}`, no script needed. */
  id: string;
  /** The id of the element naming the dialog (its title). */
  labelledBy: string;
  testId: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md';
  /** Full screen on phones (the footer's dialogs); otherwise a frame with a margin, as on larger screens. */
  fullScreenOnPhone?: boolean;
  /** Opened by the page's state instead of a button's command (the contact form, which needs a script anyway). */
  open?: boolean;
  onClose?: () => void;
  sx?: SxProps<Theme>;
};

const WIDTH = { sm: 600, md: 900 } as const;
const PHONE = '@media (max-width: 599.95px)';

/**
 * The frame of the site's modal dialogs (the footer's, the painting's "Read more"), as the browser's own modal
 * `<dialog>` (issue 33): it opens without a script, keeps focus inside, closes with Escape, a click beside it or a
 * close button (`command="close"`), and gives focus back to what opened it.
 */
export function ModalDialog({
  id,
  labelledBy,
  testId,
  children,
  maxWidth = 'sm',
  fullScreenOnPhone = false,
  open,
  onClose,
  sx,
}: Props) {
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
      aria-labelledby={labelledBy}
      data-testid={testId}
      sx={[
        {
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
          ...(fullScreenOnPhone
            ? { [PHONE]: { width: '100%', height: '100%', maxHeight: 'none', m: 0, borderRadius: 0 } }
            : {}),
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
