import Close from '@mui/icons-material/Close';
import { Box, type SxProps, type Theme } from '@mui/material';
import { palette } from '../theme/theme';

/**
 * The close button of a native `<dialog>` (the phone menu, the footer's dialogs): the invoker command closes it with
 * no script, and focus goes back to what opened it.
 */
export function DialogCloseButton({
  dialogId,
  label,
  testId,
  sx,
}: {
  dialogId: string;
  label: string;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="button"
      type="button"
      command="close"
      commandfor={dialogId}
      aria-label={label}
      data-testid={testId}
      sx={[
        {
          display: 'inline-flex',
          p: 1,
          color: 'inherit',
          bgcolor: 'transparent',
          border: 0,
          borderRadius: '50%',
          cursor: 'pointer',
          '&:hover': { bgcolor: 'rgba(28, 27, 25, 0.04)' },
          '&:focus-visible': { outline: `2px solid ${palette.ink}`, outlineOffset: 2 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Close aria-hidden />
    </Box>
  );
}
