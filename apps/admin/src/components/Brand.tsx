import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fonts, palette } from '@parcelle/shared/brand';
import { useTranslate } from '@refinedev/core';

/** Parcelle's mark (the favicon's: a grid of parts, the one in the middle in bronze), drawn inline. */
function Mark({ size }: { size: number }) {
  const cells = [5, 12.75, 20.5].flatMap((y) => [5, 12.75, 20.5].map((x) => ({ x, y })));
  return (
    <Box component="svg" viewBox="0 0 32 32" width={size} height={size} aria-hidden sx={{ flexShrink: 0 }}>
      <rect width="32" height="32" fill={palette.wall} />
      {cells.map(({ x, y }) => (
        <rect
          key={`${x}-${y}`}
          x={x}
          y={y}
          width="6.5"
          height="6.5"
          fill={x === 12.75 && y === 12.75 ? palette.accent : palette.ink}
        />
      ))}
    </Box>
  );
}

/** The console's name as the site writes it: the mark, "Parcelle" in the display face, then what this app is. */
export function Brand({ size = 28 }: { size?: number }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }} data-testid="brand">
      <Mark size={size} />
      <Typography
        component="span"
        sx={{
          fontFamily: fonts.display,
          fontSize: size * 0.95,
          fontWeight: 500,
          lineHeight: 1,
          letterSpacing: '0.01em',
        }}
      >
        Parcelle
      </Typography>
      <Typography
        component="span"
        variant="body2"
        sx={{ color: 'text.secondary', borderLeft: 1, borderColor: 'divider', pl: 1.25, lineHeight: 1.2 }}
      >
        {translate('app.console')}
      </Typography>
    </Box>
  );
}
