import 'react';

/**
 * The HTML invoker commands (`command` and `commandfor` on a button: open or close a dialog with no script; Chromium
 * 135, Firefox 144, Safari 26.2), which @types/react does not list yet. React passes lowercase attributes through.
 */
declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover';
    commandfor?: string;
  }
}
