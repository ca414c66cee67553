import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './plain-button.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  tone?: 'primary' | 'secondary';
  /** MUI's variants as the theme draws them: filled (`contained`), bare (`text`) or framed in ink (`outlined`). */
  variant?: 'contained' | 'text' | 'outlined';
  size?: 'small' | 'medium' | 'large';
  /** An icon before the label (MUI's `startIcon`). */
  startIcon?: ReactNode;
};

/** The theme's button: contained in ink (`primary`, the default) or bronze (`secondary`), text or outlined. */
export function PlainButton({
  tone = 'primary',
  variant = 'contained',
  size = 'medium',
  startIcon,
  className,
  children,
  ...rest
}: Props) {
  const classes = [
    styles.button,
    variant === 'contained' && tone === 'secondary' && styles.secondary,
    variant !== 'contained' && styles[variant],
    size !== 'medium' && styles[size],
    className,
  ];
  return (
    <button {...rest} className={classes.filter(Boolean).join(' ')}>
      {startIcon && <span className={styles.startIcon}>{startIcon}</span>}
      {children}
    </button>
  );
}
