import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fonts, palette } from '../theme/theme';

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

export function Logo({ tone = 'ink' }: { tone?: 'ink' | 'light' }) {
  const { t } = useTranslation();
  return (
    <Box
      component={Link}
      to="/"
      data-testid="logo"
      aria-label={`${t('common.appName')} — ${t('nav.home')}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: tone === 'ink' ? palette.ink : palette.paper,
        textDecoration: 'none',
        fontFamily: fonts.display,
        fontSize: { xs: 26, md: 30 },
        fontWeight: 500,
        letterSpacing: '0.02em',
        lineHeight: 1,
      }}
    >
      <Mark />
      {t('common.appName')}
    </Box>
  );
}
