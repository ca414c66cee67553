import type { ButtonHTMLAttributes } from 'react';
import styles from './plain-button.module.css';

/** The theme's contained button: ink (`primary`, the default) or bronze (`secondary`), medium or large. */
export function PlainButton({
  tone = 'primary',
  size = 'medium',
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: 'primary' | 'secondary'; size?: 'medium' | 'large' }) {
  const classes = [
    styles.button,
    tone === 'secondary' && styles.secondary,
    size === 'large' && styles.large,
    className,
  ];
  return <button {...rest} className={classes.filter(Boolean).join(' ')} />;
}
