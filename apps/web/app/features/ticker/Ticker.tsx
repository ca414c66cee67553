import { palette } from '@parcelle/shared/brand';
import { DELAY_MS, LAYOUT } from '@parcelle/shared/constants';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { tickerPercentage, tickerPrice } from './format';
import styles from './ticker.module.css';
import { type TickerKpi, tickerChange, useTickerKpis } from './use-ticker-kpis';

/** Quiet green for a rise and a warm orange for a fall, both readable on the wall colour. */
export const TICKER_COLORS = { up: palette.success, down: '#9A5418' } as const;

/** Frames per second the speed of spec §9 (px per frame) is expressed in. */
const FPS = 60;

/** MUI's ArrowDropUp and ArrowDropDown (Material Symbols), drawn here so that the header needs no MUI (decision 506). */
const ARROWS = { up: 'm7 14 5-5 5 5z', down: 'm7 10 5 5 5-5z' } as const;

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
  // The colour follows the data (a rise or a fall), so it is written on the element.
  const color = up ? TICKER_COLORS.up : TICKER_COLORS.down;
  return (
    <Link
      to={`/artists/details/${encodeURIComponent(kpi.artist_id)}`}
      tabIndex={primary ? undefined : -1}
      data-testid={primary ? 'ticker-item' : undefined}
      className={styles.item}
    >
      <span className={styles.name}>{kpi.artist_name}</span>{' '}
      {/* What each figure is (issue 17: bare numbers matched no price on the site): short visible labels, read in
          full by screen readers. */}
      <span className={styles.muted}>
        <span aria-hidden className={styles.short}>
          {t('ticker.indexShort')}
        </span>
        <span className={styles.visuallyHidden}>{t('ticker.index')}</span> {tickerPrice(kpi, currency, language)}
      </span>{' '}
      {/* The change is from the artist's previous year of record (issue 31), which is named; with a single year
          there is no change to give. */}
      {typeof kpi.since_year === 'number' && (
        <span data-direction={up ? 'up' : 'down'} className={styles.change} style={{ color }}>
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            data-testid={primary ? (up ? 'ticker-up' : 'ticker-down') : undefined}
            className={styles.arrow}
            style={{ color }}
          >
            <path d={up ? ARROWS.up : ARROWS.down} />
          </svg>
          <span className={styles.visuallyHidden}>{t(up ? 'ticker.up' : 'ticker.down')}</span>{' '}
          {tickerPercentage(change.percentage, language)}{' '}
          <span className={styles.since}>{t('ticker.since', { year: kpi.since_year })}</span>
        </span>
      )}
    </Link>
  );
}

/** The list as a scrolling band; only the first copy is read by screen readers and reachable by Tab. */
function TickerBand({ kpis }: { kpis: TickerKpi[] }) {
  const { t } = useTranslation();
  const listWidth = kpis.length * LAYOUT.tickerItemWidth;
  const copies = useCopies(listWidth);
  const seconds = listWidth / (LAYOUT.tickerSpeed * FPS);
  const trackStyle = { '--ticker-shift': `${listWidth}px`, '--ticker-duration': `${seconds}s` } as CSSProperties;
  return (
    <div role="marquee" aria-label={t('ticker.label')} data-testid="ticker" className={styles.band}>
      {/* ticker-track: the hook accessibility.e2e.ts reads the animation's state by. */}
      <div className={`ticker-track ${styles.track}`} style={trackStyle}>
        {Array.from({ length: copies }, (_, copy) => {
          const primary = copy === 0;
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the copies are identical and only their count changes.
              key={copy}
              aria-hidden={primary ? undefined : true}
              inert={primary ? undefined : true}
              className={styles.copy}
            >
              {kpis.map((kpi) => (
                <TickerItem key={kpi.artist_id} kpi={kpi} primary={primary} />
              ))}
            </div>
          );
        })}
      </div>
    </div>
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
