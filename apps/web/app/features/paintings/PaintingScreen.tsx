import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Container, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { MARKET } from '@parcelle/shared/market';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { BUY_ANCHOR_ATTRIBUTE, islandProps, useInDocument, useRetryProps } from '../../document/document';
import { type MarketType, usePaintingDetail } from '../catalogue/api';
import { formatAmount, formatCount, lifeYears, mediaUrl } from '../catalogue/format';
import { paintingImageUrls } from '../catalogue/image-sources';
import { marketListPath, marketOf, marketOfPath, paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { ApiError, errorText } from '../session/api-error';
import { useSession } from '../session/use-session';
import { MOBILE, palette } from '../theme/theme';
import { BUY_BAR_HEIGHT, BuyNow } from './BuyNow';
import { Documents } from './Documents';
import { EvolutionChart } from './EvolutionChart';
import { Gallery } from './Gallery';
import { InvestmentCase } from './InvestmentCase';
import { OrderBook } from './OrderBook';
import { READ_MORE_DIALOG_ID, ReadMoreDialog } from './ReadMoreDialog';
import { SaleOpening, SoldNotice, useSaleOpening } from './SaleFacts';
import { AvailabilityBar, Fact, PriceChange } from './ui';

// Shown only while an exit vote is open on the work: loaded then, not with every work's page.
const ExitVoteNotice = lazy(() => import('./ExitVoteNotice').then((module) => ({ default: module.ExitVoteNotice })));

// Members only, and loaded when shown: the public page's first load does not carry it.
const WatchToggle = lazy(() =>
  import('../notifications/WatchToggle').then((module) => ({ default: module.WatchToggle })),
);

const PAGE = { maxWidth: 1320, px: { xs: 3, md: 5 } } as const;
const TWO_COLUMNS = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
  gap: { xs: 6, md: 10 },
} as const;

function BackLink({ market }: { market: MarketType }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={marketListPath(market)}
      startIcon={<ArrowBackIcon fontSize="small" />}
      size="small"
      sx={{ color: palette.muted, px: 0, minHeight: 34, '&:hover': { bgcolor: 'transparent', color: palette.ink } }}
    >
      {t(`paintings.market.${market}.title`)}
    </Button>
  );
}

function NotFoundState({ market, message }: { market: MarketType; message: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="painting-not-found" sx={{ py: { xs: 10, md: 16 }, maxWidth: 640 }}>
      <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
        404
      </Typography>
      <Typography variant="h1" sx={{ mt: 1.5, mb: 3 }}>
        {message}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 5 }}>
        {t('paintings.notFound.text')}
      </Typography>
      <Button component={Link} to={marketListPath(market)} variant="outlined">
        {t(`paintings.notFound.back.${market}`)}
      </Button>
    </Box>
  );
}

function DetailSkeleton() {
  return (
    <Box sx={{ ...TWO_COLUMNS, pt: 2 }} role="status" aria-busy="true">
      <Skeleton variant="rectangular" animation="wave" sx={{ height: { xs: 420, md: 720 } }} />
      <Box>
        <Skeleton width="35%" />
        <Skeleton width="80%" height={72} />
        <Skeleton width="100%" sx={{ mt: 3 }} />
        <Skeleton width="90%" />
        <Skeleton variant="rectangular" height={180} sx={{ mt: 5 }} />
        <Skeleton variant="rectangular" height={54} sx={{ mt: 4 }} />
      </Box>
    </Box>
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

const WATCH = { mt: -1.5, mb: 2 } as const;

/** The Watch toggle, for a signed-in member only (its own component: the session's changes re-render it alone). */
function MemberWatch({ paintingId }: { paintingId: string }) {
  const { verified } = useSession();
  const inDocument = useInDocument();
  // A document is rendered for a guest: the runtime mounts the toggle here when a verified session is stored.
  if (inDocument) return <Box {...islandProps(true, 'watch')} data-painting-id={paintingId} hidden sx={WATCH} />;
  if (!verified) return null;
  return (
    <Suspense fallback={null}>
      <Box sx={WATCH}>
        <WatchToggle paintingId={paintingId} />
      </Box>
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
      <Box sx={TWO_COLUMNS}>
        <Box sx={{ alignSelf: 'start', position: { md: 'sticky' }, top: { md: 24 } }}>
          <Gallery images={images} title={title} />
        </Box>

        <Box>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
            <MuiLink
              component={Link}
              to={`/artists/details/${encodeURIComponent(painting.artist.id)}`}
              data-testid="painting-artist"
              sx={{ color: palette.accentDark, fontWeight: 500, letterSpacing: '0.04em' }}
            >
              {painting.artist.name}
            </MuiLink>
            {life && (
              <Typography component="span" variant="body2" sx={{ color: palette.muted }} data-testid="painting-life">
                {life}
              </Typography>
            )}
          </Box>
          <Typography variant="h2" component="h1" data-testid="painting-title" sx={{ mt: 1.5, mb: 3 }}>
            {title}
          </Typography>
          <MemberWatch paintingId={painting.id} />
          <Typography
            sx={{
              color: palette.muted,
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {description}
          </Typography>
          <Button
            data-testid="read-more"
            command="show-modal"
            commandfor={READ_MORE_DIALOG_ID}
            size="small"
            aria-haspopup="dialog"
            sx={{ px: 0, mt: 1, color: palette.accentDark, textDecoration: 'underline', textUnderlineOffset: 4 }}
          >
            {t('paintings.detail.readMore')}
          </Button>

          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, auto)' },
              justifyContent: 'start',
              columnGap: { xs: 3, sm: 6 },
              rowGap: 2.5,
              my: 4,
              py: 3,
              borderTop: `1px solid ${palette.line}`,
              borderBottom: `1px solid ${palette.line}`,
              '& dd': { m: 0 },
            }}
          >
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
          </Box>

          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
            <Fact label={t('paintings.detail.partValue')} testId="painting-part-value">
              <Box component="span" sx={{ display: 'block', fontFamily: 'inherit', fontSize: 26, fontWeight: 500 }}>
                {formatAmount(painting.price_per_part, language)}
                <Box component="span" sx={{ fontSize: 15, fontWeight: 400, color: palette.muted, ml: 1 }}>
                  {t('paintings.detail.perPart')}
                </Box>
              </Box>
              <Box component="span" sx={{ display: 'block', color: palette.muted, fontSize: 15 }}>
                {t('paintings.detail.perCm2', { amount: formatAmount(painting.price_per_cm2, language) })}
              </Box>
            </Fact>
            <Fact label={t('paintings.detail.totalValue')} testId="painting-total-value">
              <Box component="span" sx={{ display: 'block', fontSize: 26, fontWeight: 500 }}>
                {formatAmount(painting.painting_price, language)}
              </Box>
              <Box component="span" sx={{ display: 'block', fontSize: 15 }}>
                <PriceChange percentage={painting.percentage} language={language} />
              </Box>
            </Fact>
          </Box>

          {!sold && (
            <Box data-testid="painting-availability" sx={{ mt: 4 }}>
              <AvailabilityBar
                progress={painting.progress}
                availability={painting.availability}
                language={language}
                showSold
              />
              <Typography variant="body2" sx={{ mt: 1.5 }}>
                <Box component="span" sx={{ color: palette.muted }}>
                  {t(offered === undefined ? 'paintings.detail.partsLeft' : 'paintings.detail.partsOffered')}
                </Box>{' '}
                <Box component="span" data-testid="painting-parts-left" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPartsQuantity(left, language)}
                </Box>
              </Typography>
            </Box>
          )}

          {painting.exit_vote && (
            <Suspense fallback={null}>
              <ExitVoteNotice vote={painting.exit_vote} language={language} />
            </Suspense>
          )}

          <Box sx={{ mt: 4 }}>
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
                <Box ref={buyRef} {...(inDocument ? { [BUY_ANCHOR_ATTRIBUTE]: '' } : {})}>
                  <BuyNow
                    painting={painting}
                    baseUrl={baseUrl}
                    notOpenYet={opening.pending ? 'sale-opening-date' : undefined}
                  />
                </Box>
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
          </Box>

          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr 1fr',
              gap: 3,
              mt: 4,
              mb: 0,
              pt: 3,
              borderTop: `1px solid ${palette.line}`,
            }}
          >
            <Fact label={t('paintings.detail.investors')} testId="painting-investors">
              {formatCount(painting.investors_count, language)}
            </Fact>
            <Fact label={t('paintings.detail.countries')} testId="painting-countries">
              {formatCount(painting.countries_count, language)}
            </Fact>
          </Box>
        </Box>
      </Box>

      {painting.market === MARKET.secondary && !sold && (
        // A member's orders, form and accept buttons are the island's, mounted when a session is stored.
        <Box
          {...islandProps(inDocument, 'order-book')}
          data-painting-id={painting.id}
          sx={{ mt: { xs: 10, md: 14 }, maxWidth: 880 }}
        >
          <OrderBook painting={painting} />
        </Box>
      )}

      <Box sx={{ ...TWO_COLUMNS, mt: { xs: 10, md: 14 } }}>
        <EvolutionChart painting={painting} language={language} />
        <Documents documents={painting.documents} language={language} />
      </Box>

      <InvestmentCase painting={painting} language={language} currency={currency} />

      {/* In the page, opened by the "Read more" button's command: no script needed (issue 33). */}
      <ReadMoreDialog painting={painting} coverUrl={coverUrl} language={language} />
      {/* The room the pinned bar takes on small screens, so that it never covers the end of the page. */}
      {!sold && <Box aria-hidden sx={{ display: 'none', [MOBILE]: { display: 'block', height: BUY_BAR_HEIGHT } }} />}
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
  const retry = useRetryProps(() => query.refetch());

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
    body = (
      <Box role="alert" data-testid="painting-error" sx={{ py: { xs: 8, md: 12 }, maxWidth: 640 }}>
        <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
          {t('paintings.detail.errorTitle')}
        </Typography>
        <Typography variant="subtitle1" sx={{ mb: 4 }}>
          {errorText(query.error)[language]}
        </Typography>
        <Button variant="outlined" {...retry}>
          {t('paintings.retry')}
        </Button>
      </Box>
    );
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
    <Container maxWidth={false} sx={PAGE}>
      <Box data-testid="painting-screen" sx={{ pt: { xs: 3, md: 5 }, pb: { xs: 10, md: 16 } }}>
        {!notFound && (
          <Box sx={{ mb: { xs: 3, md: 4 } }}>
            <BackLink market={market} />
          </Box>
        )}
        {body}
      </Box>
    </Container>
  );
}
