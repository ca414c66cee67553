import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { MARKET } from '@parcelle/shared/market';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { BUY_ANCHOR_ATTRIBUTE, islandProps, useInDocument } from '../../document/document';
import { Retry } from '../../document/Retry';
import { type MarketType, usePaintingDetail } from '../catalogue/api';
import { formatAmount, formatCount, lifeYears, mediaUrl } from '../catalogue/format';
import { paintingImageUrls } from '../catalogue/image-sources';
import { marketListPath, marketOf, marketOfPath, paintingPath } from '../catalogue/paths';
import buttons from '../forms/plain-button.module.css';
import { localized, useLanguage } from '../i18n/language';
import { Icon } from '../layout/icons';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { ApiError, errorText } from '../session/api-error';
import { useSession } from '../session/use-session';
import { BuyBarRoom, BuyNow } from './BuyNow';
import { Documents } from './Documents';
import { EvolutionChart } from './EvolutionChart';
import { Gallery } from './Gallery';
import { InvestmentCase } from './InvestmentCase';
import { OrderBook } from './OrderBook';
import styles from './painting-screen.module.css';
import { READ_MORE_DIALOG_ID, ReadMoreDialog } from './ReadMoreDialog';
import { SaleOpening, SoldNotice, useSaleOpening } from './SaleFacts';
import { AvailabilityBar, Fact, PriceChange } from './ui';

// Shown only while an exit vote is open on the work: loaded then, not with every work's page.
const ExitVoteNotice = lazy(() => import('./ExitVoteNotice').then((module) => ({ default: module.ExitVoteNotice })));

// Members only, and loaded when shown: the public page's first load does not carry it.
const WatchToggle = lazy(() =>
  import('../notifications/WatchToggle').then((module) => ({ default: module.WatchToggle })),
);

function BackLink({ market }: { market: MarketType }) {
  const { t } = useTranslation();
  return (
    <Link to={marketListPath(market)} className={styles.backLink}>
      <span className={styles.backIcon}>
        <Icon name="arrowBack" small />
      </span>
      {t(`paintings.market.${market}.title`)}
    </Link>
  );
}

/** The theme's outlined button, as MUI's Button drew it (the plain button's module, decision 541). */
const OUTLINED = `${buttons.button} ${buttons.outlined}`;

function NotFoundState({ market, message }: { market: MarketType; message: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="painting-not-found" className={styles.state}>
      <p className={styles.kicker}>404</p>
      <h1 className={styles.notFoundTitle}>{message}</h1>
      <p className={styles.notFoundText}>{t('paintings.notFound.text')}</p>
      <Link to={marketListPath(market)} className={OUTLINED}>
        {t(`paintings.notFound.back.${market}`)}
      </Link>
    </div>
  );
}

function ErrorState({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="painting-error" className={styles.error}>
      <h1 className={styles.errorTitle}>{t('paintings.detail.errorTitle')}</h1>
      <p className={styles.errorText}>{message}</p>
      <Retry label={t('paintings.retry')} onRetry={onRetry} className={OUTLINED} />
    </div>
  );
}

/** MUI's Skeletons as the page drew them while the work loads: a picture (a wave) and the header's lines (pulsing). */
function DetailSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <span className={styles.picture} />
      <div>
        <span className={styles.line} style={{ width: '35%' }} />
        <span className={styles.line} style={{ width: '80%', height: 72 }} />
        <span className={`${styles.line} ${styles.boneText}`} style={{ width: '100%' }} />
        <span className={styles.line} style={{ width: '90%' }} />
        <span className={`${styles.bone} ${styles.bonePanel}`} style={{ height: 180 }} />
        <span className={`${styles.bone} ${styles.boneButton}`} style={{ height: 54 }} />
      </div>
    </div>
  );
}

/**
 * Whether the element is still below the window (its top under the window's bottom edge), followed on scroll and
 * resize. An IntersectionObserver would miss a jump from below the element to above it (Home, End, a link), which
 * crosses no threshold. Starts false, so the server's page shows no pinned bar.
 */
function useBelowView<T extends Element>() {
  const ref = useRef<T>(null);
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setBelow(element.getBoundingClientRect().top > window.innerHeight);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return [ref, below] as const;
}

/** The Watch toggle, for a signed-in member only (its own component: the session's changes re-render it alone). */
function MemberWatch({ paintingId }: { paintingId: string }) {
  const { verified } = useSession();
  const inDocument = useInDocument();
  // A document is rendered for a guest: the runtime mounts the toggle here when a verified session is stored.
  if (inDocument)
    return <div {...islandProps(true, 'watch')} data-painting-id={paintingId} hidden className={styles.watch} />;
  if (!verified) return null;
  return (
    <Suspense fallback={null}>
      <div className={styles.watch}>
        <WatchToggle paintingId={paintingId} />
      </div>
    </Suspense>
  );
}

function Detail({ painting, baseUrl }: { painting: TPaintingDetail; baseUrl: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const opening = useSaleOpening(painting.opens_at);
  const sold = painting.market_state === 'sold';
  const title = localized(painting.title, language);
  const description = localized(painting.description, language);
  // Unique: a thumbnail per distinct image.
  const images = paintingImageUrls(painting, baseUrl);
  const coverUrl = mediaUrl(baseUrl, painting.cover_img);
  // On the secondary market the parts to buy are those members offer now (issue 17), not the primary stock.
  const offered = painting.market === MARKET.secondary ? painting.secondary_market?.parts_offered : undefined;
  const left = offered ?? Math.max(0, painting.total_part - painting.sold_out_part);
  const life = lifeYears(painting.artist.life_dates, (year) => t('paintings.detail.born', { year }));
  // Issue 17: on small screens the button comes after the gallery and the text, far down; while it is still
  // below the window, the same action is pinned to the bottom of the screen.
  const [buyRef, buyBelow] = useBelowView<HTMLDivElement>();
  // In a document the runtime follows the page's button and shows the pinned bar (sent hidden) while it is below.
  const inDocument = useInDocument();

  return (
    <>
      <div className={styles.columns}>
        <div className={styles.galleryColumn}>
          <Gallery images={images} title={title} />
        </div>

        <div>
          <div className={styles.byline}>
            <Link
              to={`/artists/details/${encodeURIComponent(painting.artist.id)}`}
              data-testid="painting-artist"
              className={styles.artist}
            >
              {painting.artist.name}
            </Link>
            {life && (
              <span className={styles.life} data-testid="painting-life">
                {life}
              </span>
            )}
          </div>
          <h1 data-testid="painting-title" className={styles.title}>
            {title}
          </h1>
          <MemberWatch paintingId={painting.id} />
          <p className={styles.description}>{description}</p>
          <button
            type="button"
            data-testid="read-more"
            command="show-modal"
            commandfor={READ_MORE_DIALOG_ID}
            aria-haspopup="dialog"
            className={styles.readMore}
          >
            {t('paintings.detail.readMore')}
          </button>

          <dl className={styles.facts}>
            <Fact label={t('paintings.detail.year')} testId="painting-year">
              {painting.year}
            </Fact>
            <Fact label={t('paintings.detail.type')} testId="painting-type">
              {language === 'fr' ? painting.painting_type_fr : painting.painting_type_en}
            </Fact>
            <Fact label={t('paintings.detail.dimensions')} testId="painting-dimensions">
              {t('paintings.detail.dimensionsValue', {
                width: formatCount(painting.dimension.width, language),
                height: formatCount(painting.dimension.height, language),
              })}
            </Fact>
          </dl>

          <dl className={styles.prices}>
            <Fact label={t('paintings.detail.partValue')} testId="painting-part-value">
              <span className={styles.amount}>
                {formatAmount(painting.price_per_part, language)}
                <span className={styles.perPart}>{t('paintings.detail.perPart')}</span>
              </span>
              <span className={`${styles.note} ${styles.muted}`}>
                {t('paintings.detail.perCm2', { amount: formatAmount(painting.price_per_cm2, language) })}
              </span>
            </Fact>
            <Fact label={t('paintings.detail.totalValue')} testId="painting-total-value">
              <span className={styles.amount}>{formatAmount(painting.painting_price, language)}</span>
              <span className={styles.note}>
                <PriceChange percentage={painting.percentage} language={language} />
              </span>
            </Fact>
          </dl>

          {!sold && (
            <div data-testid="painting-availability" className={styles.availability}>
              <AvailabilityBar
                progress={painting.progress}
                availability={painting.availability}
                language={language}
                showSold
              />
              <p className={styles.partsLeft}>
                <span className={styles.muted}>
                  {t(offered === undefined ? 'paintings.detail.partsLeft' : 'paintings.detail.partsOffered')}
                </span>{' '}
                <span data-testid="painting-parts-left" className={styles.tabular}>
                  {formatPartsQuantity(left, language)}
                </span>
              </p>
            </div>
          )}

          {painting.exit_vote && (
            <Suspense fallback={null}>
              <ExitVoteNotice vote={painting.exit_vote} language={language} />
            </Suspense>
          )}

          <div className={styles.buy}>
            {sold ? (
              <SoldNotice />
            ) : (
              <>
                {opening.pending && painting.opens_at && (
                  <SaleOpening
                    id="sale-opening-date"
                    opensAt={painting.opens_at}
                    target={opening.target}
                    now={opening.now}
                    language={language}
                  />
                )}
                <div ref={buyRef} {...(inDocument ? { [BUY_ANCHOR_ATTRIBUTE]: '' } : {})}>
                  <BuyNow
                    painting={painting}
                    baseUrl={baseUrl}
                    notOpenYet={opening.pending ? 'sale-opening-date' : undefined}
                  />
                </div>
                {(buyBelow || inDocument) && (
                  <BuyNow
                    painting={painting}
                    baseUrl={baseUrl}
                    notOpenYet={opening.pending ? 'sale-opening-date' : undefined}
                    sticky
                    hidden={inDocument}
                  />
                )}
              </>
            )}
          </div>

          <dl className={styles.people}>
            <Fact label={t('paintings.detail.investors')} testId="painting-investors">
              {formatCount(painting.investors_count, language)}
            </Fact>
            <Fact label={t('paintings.detail.countries')} testId="painting-countries">
              {formatCount(painting.countries_count, language)}
            </Fact>
          </dl>
        </div>
      </div>

      {painting.market === MARKET.secondary && !sold && (
        // A member's orders, form and accept buttons are the island's, mounted when a session is stored.
        <div {...islandProps(inDocument, 'order-book')} data-painting-id={painting.id} className={styles.orderBook}>
          <OrderBook painting={painting} />
        </div>
      )}

      <div className={styles.below}>
        <EvolutionChart painting={painting} language={language} />
        <Documents documents={painting.documents} language={language} />
      </div>

      <InvestmentCase painting={painting} language={language} currency={currency} />

      {/* In the page, opened by the "Read more" button's command: no script needed (issue 33). */}
      <ReadMoreDialog painting={painting} coverUrl={coverUrl} language={language} />
      {/* The room the pinned bar takes on small screens, so that it never covers the end of the page. */}
      {!sold && <BuyBarRoom />}
    </>
  );
}

/** /primary-market/details/:paintingId and /secondary-market/details/:paintingId (spec §2 "Painting detail"). */
export function PaintingScreen({ paintingId }: { paintingId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const location = useLocation();
  const market = marketOfPath(location.pathname);
  const query = usePaintingDetail(paintingId, currency);
  const painting = query.data?.paintings;
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  const title = painting ? localized(painting.title, language) : t('pages.paintingDetails');
  const description = painting ? localized(painting.description, language).slice(0, 160) : undefined;
  usePageMeta(
    notFound ? errorText(query.error)[language] : painting ? `${title} — ${painting.artist.name}` : title,
    description,
  );

  let body: ReactNode;
  if (notFound) {
    body = <NotFoundState market={market} message={errorText(query.error)[language]} />;
  } else if (query.isError && !painting) {
    body = <ErrorState message={errorText(query.error)[language]} onRetry={() => query.refetch()} />;
  } else if (!painting || !query.data) {
    body = <DetailSkeleton />;
  } else if (marketOf(painting.market) !== market) {
    // A work is shown under the list it belongs to (markets 1–2 primary, 3 secondary), so that the back
    // link and the header agree with it: /primary-market/details/<secondary work> moves to its address.
    body = <Navigate replace to={paintingPath(painting)} />;
  } else {
    body = <Detail painting={painting} baseUrl={query.data.base_url} />;
  }

  return (
    <div className={styles.page}>
      <div data-testid="painting-screen" className={styles.screen}>
        {!notFound && (
          <div className={styles.back}>
            <BackLink market={market} />
          </div>
        )}
        {body}
      </div>
    </div>
  );
}
