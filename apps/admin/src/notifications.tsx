import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { useSyncExternalStore } from 'react';

/** Refine's notifications as MUI snackbars, one at a time (the newest replaces the one shown). */
let current: (OpenNotificationParams & { key: string }) | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
let counter = 0;

export const notificationProvider: NotificationProvider = {
  open: (params) => {
    // The sign-in screen shows its own error next to the form (pages/auth/SignIn.tsx), not as a toast too; its code
    // step is a `success: false` without an error for Refine, which must not show as a failure either.
    if (params.key === 'login-error') return;
    counter += 1;
    current = { ...params, key: params.key ?? `notification-${counter}` };
    changed();
  },
  close: (key) => {
    if (current?.key === key) {
      current = null;
      changed();
    }
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Notifications() {
  const shown = useSyncExternalStore(subscribe, () => current);
  return (
    <Snackbar
      open={Boolean(shown)}
      autoHideDuration={shown?.type === 'error' ? 10_000 : 5_000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway' && shown) notificationProvider.close(shown.key);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={shown?.type === 'error' ? 'error' : shown?.type === 'progress' ? 'info' : 'success'}
        variant="filled"
        onClose={() => shown && notificationProvider.close(shown.key)}
        role={shown?.type === 'error' ? 'alert' : 'status'}
      >
        {shown?.message}
        {shown?.description && shown.description !== shown.message ? ` — ${shown.description}` : ''}
      </Alert>
    </Snackbar>
  );
}
