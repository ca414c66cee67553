import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ArrowDropUpIcon from '@mui/icons-material/ArrowDropUp';
import { Box } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { DELAY_MS, LAYOUT } from '@parcelle/shared/constants';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { fonts, palette, visuallyHidden } from '../theme/theme';
import { tickerPercentage, tickerPrice } from './format';
import { type TickerKpi, tickerChange, useTickerKpis } from './use-ticker-kpis';

/** Quiet green for a rise and a warm orange for a fall, both readable on the wall colour. */
export const TICKER_COLORS = { up: palette.success, down: '#9A5418' } as const;

/** Frames per second the speed of spec §9 (px per frame) is expressed in. */
const FPS = 60;
const REDUCED_MOTION = '@media (prefers-reduced-motion: reduce)';

/** Shifts the track by one copy of the list (--ticker-shift), after which it looks exactly as it began. */
const marquee = keyframes`
  from { transform: translate3d(0, 0, 0); }
  to { transform: translate3d(calc(-1 * var(--ticker-shift)), 0, 0); }
`;

/** How many copies of a list `listWidth` wide fill a band `viewport` wide while it slides by one copy. */
export function copiesFor(listWidth: number, viewport: number): number {
  if (listWidth <= 0) return 2;
  return Math.max(2, Math.ceil(viewport / listWidth) + 1);
}

function viewportWidth(): number {
  return typeof window === 'undefined' ? LAYOUT.mobileBreakpoint : window.innerWidth;
}

/** Number of copies of the list, recomputed when the window is resized (debounced, spec §9). */
function useCopies(listWidth: number): number {
  const [viewport, setViewport] = useState(viewportWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setViewport(viewportWidth()), DELAY_MS.tickerResizeDebounce);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return copiesFor(listWidth, viewport);
}

function TickerItem({ kpi, primary }: { kpi: TickerKpi; primary: boolean }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const language = currentLanguage();
  const change = tickerChange(kpi, currency);
  const up = change.direction === 'up';
  const Arrow = up ? ArrowDropUpIcon : ArrowDropDownIcon;
  const color = up ? TICKER_COLORS.up : TICKER_COLORS.down;
  return (
    <Box
      component={Link}
      to={`/artists/details/${encodeURIComponent(kpi.artist_id)}`}
      tabIndex={primary ? undefined : -1}
      data-testid={primary ? 'ticker-item' : undefined}
      sx={{
        flex: `0 0 ${LAYOUT.tickerItemWidth}px`,
        width: LAYOUT.tickerItemWidth,
        display: 'flex',
        alignItems: 'baseline',
        justifyContent: 'center',
        // Tight enough for the artist's name beside the price, the change and its year (spec §9: 400 px an item).
        gap: 1,
        px: 2,
        // 6 + 20 + 6 px: the strip's reserved height (.ticker-slot in app.css) less its border.
        py: '6px',
        color: palette.ink,
        textDecoration: 'none',
        whiteSpace: 'nowrap',
        borderRight: `1px solid ${palette.line}`,
        fontFamily: fonts.text,
        fontSize: 12,
        lineHeight: '20px',
        fontVariantNumeric: 'tabular-nums',
        transition: 'background-color 160ms ease',
        '&:hover': { bgcolor: 'rgba(28, 27, 25, 0.04)' },
        '&:focus-visible': { outline: `2px solid ${palette.accent}`, outlineOffset: -2 },
      }}
    >
      <Box
        component="span"
        sx={{
          textTransform: 'uppercase',
          letterSpacing: '0.12em',
          fontSize: 11,
          fontWeight: 500,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          minWidth: 0,
        }}
      >
        {kpi.artist_name}
      </Box>{' '}
      {/* What each figure is (issue 17: bare numbers matched no price on the site): short visible labels, read in
          full by screen readers. */}
      <Box component="span" sx={{ color: palette.muted }}>
        <Box component="span" aria-hidden sx={{ fontSize: 10, letterSpacing: '0.06em', mr: 0.5 }}>
          {t('ticker.indexShort')}
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {t('ticker.index')}
        </Box>{' '}
        {tickerPrice(kpi, currency, language)}
      </Box>{' '}
      {/* The change is from the artist's previous year of record (issue 31), which is named; with a single year
          there is no change to give. */}
      {typeof kpi.since_year === 'number' && (
        <Box
          component="span"
          data-direction={up ? 'up' : 'down'}
          sx={{ display: 'inline-flex', alignItems: 'center', alignSelf: 'center', color, fontWeight: 500 }}
        >
          <Arrow
            aria-hidden
            data-testid={primary ? (up ? 'ticker-up' : 'ticker-down') : undefined}
            sx={{ fontSize: 18, mx: -0.25, color }}
          />
          <Box component="span" sx={visuallyHidden}>
            {t(up ? 'ticker.up' : 'ticker.down')}
          </Box>{' '}
          {tickerPercentage(change.percentage, language)}{' '}
          <Box component="span" sx={{ color: palette.muted, fontWeight: 400, fontSize: 10, ml: 0.5 }}>
            {t('ticker.since', { year: kpi.since_year })}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The list as a scrolling band; only the first copy is read by screen readers and reachable by Tab. */
function TickerBand({ kpis }: { kpis: TickerKpi[] }) {
  const { t } = useTranslation();
  const listWidth = kpis.length * LAYOUT.tickerItemWidth;
  const copies = useCopies(listWidth);
  const seconds = listWidth / (LAYOUT.tickerSpeed * FPS);
  const trackStyle = { '--ticker-shift': `${listWidth}px` } as CSSProperties;
  return (
    <Box
      role="marquee"
      aria-label={t('ticker.label')}
      data-testid="ticker"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        height: '100%',
        '&:hover .ticker-track, &:focus-within .ticker-track': { animationPlayState: 'paused' },
        [REDUCED_MOTION]: { overflowX: 'auto', scrollbarWidth: 'thin' },
      }}
    >
      <Box
        className="ticker-track"
        style={trackStyle}
        sx={{
          display: 'flex',
          width: 'max-content',
          willChange: 'transform',
          animation: `${marquee} ${seconds}s linear infinite`,
          [REDUCED_MOTION]: { animation: 'none', transform: 'none', willChange: 'auto' },
        }}
      >
        {Array.from({ length: copies }, (_, copy) => {
          const primary = copy === 0;
          return (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: the copies are identical and only their count changes.
              key={copy}
              aria-hidden={primary ? undefined : true}
              inert={primary ? undefined : true}
              sx={{ display: 'flex', ...(primary ? {} : { [REDUCED_MOTION]: { display: 'none' } }) }}
            >
              {kpis.map((kpi) => (
                <TickerItem key={kpi.artist_id} kpi={kpi} primary={primary} />
              ))}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * Header ticker of the artists' quotes (spec §2, §9): shown once the quotes are loaded, nothing while
 * loading or when the call fails.
 */
export function Ticker() {
  const { data } = useTickerKpis();
  if (!data || data.length === 0) return null;
  return <TickerBand kpis={data} />;
}
