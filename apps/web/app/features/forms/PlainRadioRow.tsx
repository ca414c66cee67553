import { useId } from 'react';
import styles from './plain-radio.module.css';

const RING =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z';
const DOT =
  'M8.465 8.465C9.37 7.56 10.62 7 12 7C14.76 7 17 9.24 17 12C17 13.38 16.44 14.63 15.535 15.535C14.63 16.44 13.38 17 12 17C9.24 17 7 14.76 7 12C7 10.62 7.56 9.37 8.465 8.465Z';

/**
 * A row of radio buttons (MUI's RadioGroup `row` of FormControlLabel and Radio): the browser's own inputs of one name,
 * drawn over, named as a group by `label`. Each option's `testId` is on its label, as MUI's FormControlLabel took it.
 */
export function PlainRadioRow<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string; testId?: string }[];
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={styles.radioGroup}>
      {options.map((option) => (
        <label key={option.value} className={styles.radioLabel} data-testid={option.testId}>
          <span className={styles.radio}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span className={styles.radioIcon}>
              <svg viewBox="0 0 24 24" aria-hidden focusable="false">
                <path d={RING} />
              </svg>
              <svg className={styles.dot} viewBox="0 0 24 24" aria-hidden focusable="false">
                <path d={DOT} />
              </svg>
            </span>
          </span>
          <span className={styles.radioText}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
