import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './plain-small-button.module.css';

/**
 * The theme's small text or outlined button (MUI's `size="small"`, `variant="text" | "outlined"`), with an optional
 * leading icon (`startIcon`), for the islands without MUI (decision 536): a work's order book and its watch toggle.
 * Apart from PlainButton so that its rules travel with the pages that use it, not in the frame's stylesheet that
 * every page links (decision 517).
 */
export function PlainSmallButton({
  variant = 'text',
  startIcon,
  className,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'text' | 'outlined'; startIcon?: ReactNode }) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return (
    <button {...rest} className={classes}>
      {startIcon && <span className={styles.startIcon}>{startIcon}</span>}
      {children}
    </button>
  );
}
