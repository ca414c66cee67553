import { palette } from '@parcelle/shared/brand';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './logo.module.css';

/** A 3×3 grid, the nine parts of a square centimetre (spec §1), one of them in the accent colour. */
function Mark() {
  const cells = Array.from({ length: 9 }, (_, index) => index);
  return (
    <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
      {cells.map((index) => (
        <rect
          key={index}
          x={(index % 3) * 7.5}
          y={Math.floor(index / 3) * 7.5}
          width="6.5"
          height="6.5"
          fill={index === 4 ? palette.accent : 'currentColor'}
          opacity={index === 4 ? 1 : 0.85}
        />
      ))}
    </svg>
  );
}

/** The logo, a link to the home: ink in the header and the phone menu, paper in the footer (decision 506: no MUI). */
export function Logo({ tone = 'ink' }: { tone?: 'ink' | 'light' }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      data-testid="logo"
      aria-label={`${t('common.appName')} — ${t('nav.home')}`}
      className={tone === 'light' ? `${styles.logo} ${styles.light}` : styles.logo}
    >
      <Mark />
      {t('common.appName')}
    </Link>
  );
}
