import styles from './parts-bar.module.css';

type Props = {
  /** The share of the work's parts sold, 0–100 (clamped). */
  value: number;
  height: number;
  /** Named for assistive technology as a progress bar, or hidden where the same figure is written beside it. */
  label?: { name: string; valueText: string };
};

/**
 * The thin bar of a work's parts sold, on cards and on the work's page: two boxes drawn by CSS, as MUI's determinate
 * LinearProgress drew it, without its component in the page's first load (issue 33), and without emotion: a CSS
 * Module in the frame's stylesheet (decision 514).
 */
export function PartsBar({ value, height, label }: Props) {
  const shown = Math.min(100, Math.max(0, value));
  const semantics = label
    ? {
        role: 'progressbar',
        'aria-valuemin': 0,
        'aria-valuemax': 100,
        'aria-valuenow': Math.round(shown),
        'aria-label': label.name,
        'aria-valuetext': label.valueText,
      }
    : { 'aria-hidden': true };
  return (
    <div {...semantics} className={styles.bar} style={{ height }}>
      <div className={styles.fill} style={{ transform: `translateX(${shown - 100}%)` }} />
    </div>
  );
}
