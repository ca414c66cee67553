import { Box } from '@mui/material';

type Point = { year: number; value: number };

const WIDTH = 120;
const HEIGHT = 40;
const PAD = 3;

/** The SVG path of a series scaled into the box (a flat series is drawn across the middle). */
export function sparklinePath(points: readonly Point[], width = WIDTH, height = HEIGHT): string {
  const values = points.map((point) => point.value).filter(Number.isFinite);
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const step = values.length > 1 ? (width - PAD * 2) / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const x = values.length > 1 ? PAD + index * step : width / 2;
      const y = span === 0 ? height / 2 : PAD + (1 - (value - min) / span) * (height - PAD * 2);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * The artist's rating index as a mini chart (~120×40, no axes): a line, its last point marked. Inline SVG
 * rather than a chart library: a table of six rows does not need six chart instances.
 */
export function Sparkline({
  points,
  color,
  label,
  testId,
}: {
  points: readonly Point[];
  color: string;
  label: string;
  testId?: string;
}) {
  const path = sparklinePath(points);
  const lastPoint = path.split(' ').at(-1)?.slice(1).split(',').map(Number);
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={points.length}
      sx={{ display: 'block', overflow: 'visible', flex: 'none' }}
    >
      {path ? (
        <>
          <path d={path} fill="none" stroke={color} strokeWidth={1.75} strokeLinejoin="round" strokeLinecap="round" />
          {lastPoint && lastPoint.length === 2 && <circle cx={lastPoint[0]} cy={lastPoint[1]} r={2.5} fill={color} />}
        </>
      ) : (
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={HEIGHT / 2}
          y2={HEIGHT / 2}
          stroke="currentColor"
          strokeOpacity={0.2}
          strokeDasharray="3 3"
        />
      )}
    </Box>
  );
}
