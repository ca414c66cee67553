import styles from './spinner.module.css';

/**
 * MUI's CircularProgress (indeterminate) in the colour of the text around it, as plain elements (decisions 548, 557):
 * a confirm button's start icon, a dialog's loading line.
 */
export function Spinner({ size, className }: { size: number; className?: string }) {
  return (
    <span
      className={className ? `${styles.spinner} ${className}` : styles.spinner}
      style={{ width: size, height: size }}
    >
      <svg viewBox="22 22 44 44" aria-hidden focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
