import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Box,
  Button,
  Checkbox,
  Container,
  FormControlLabel,
  FormHelperText,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import { MAX_PARTS_PER_PURCHASE } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { partsForAmount, primarySteps } from '@parcelle/shared/invest-amount';
import { formatMoney, formatNumber } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { fillSteps } from '@parcelle/shared/secondary';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { usePaintingDetail } from '../catalogue/api';
import { mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { issueText } from '../forms/issue-text';
import { localized, useLanguage } from '../i18n/language';
import { useInvestorGate } from '../investor/api';
import { InvestorStep } from '../investor/InvestorStep';
import { PAGE_WIDTH } from '../layout/page-width';
import { usePageMeta } from '../layout/use-page-meta';
import { INVESTMENT_CASE_ID } from '../paintings/InvestmentCase';
import { isCurrency, useCurrency } from '../preferences/currency';
import { ApiError, errorText } from '../session/api-error';
import { useSession } from '../session/use-session';
import { fonts, palette } from '../theme/theme';
import { useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';
import { type PurchaseOrder, useSecondaryOffer } from './api';
import { type BuyFormInput, buyFormSchema } from './buy-form';
import { OrderLines } from './OrderLines';
import {
  amountText,
  availableParts,
  type BuyBy,
  currencySymbol,
  minorOf,
  parseAmountMinor,
  parseQuantity,
  QUICK_QUANTITIES,
  quantityDigits,
} from './order';
import { PurchaseDrawer } from './PurchaseDrawer';
import { type Market, offerBlock, type Pricing, primaryPricing, secondaryPricing, totalOf } from './pricing';
import { TestModeNotice } from './TestModeNotice';

type BuyState = 'loading' | 'not-found' | 'error' | 'unavailable' | 'sold-out' | 'none-listed' | 'sign-in' | 'ready';
type NavigationState = { painting?: TPaintingDetail; base_url?: string } | null;
function Frame({ state, market, children }: { state: BuyState; market?: Market; children: ReactNode }) {
  return (
    <Container maxWidth={false} sx={PAGE_WIDTH}>
      <Box
        data-testid="buy-screen"
        data-state={state}
        data-market={market}
        sx={{ pt: { xs: 3, md: 5 }, pb: { xs: 10, md: 16 } }}
      >
        <TestModeNotice sx={{ mb: { xs: 3, md: 4 } }} />
        {children}
      </Box>
    </Container>
  );
}

function Message({
  state,
  market,
  reason,
  eyebrow,
  title,
  text,
  action,
}: {
  state: BuyState;
  market?: Market;
  /** Why the work cannot be bought here (secondary market: not-eligible, none-listed). */
  reason?: string;
  eyebrow?: string;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Frame state={state} market={market}>
      <Box sx={{ py: { xs: 8, md: 14 }, maxWidth: 640 }} data-testid="buy-message" data-reason={reason}>
        {eyebrow && (
          <Typography variant="overline" component="p" sx={{ color: palette.accent, mb: 1.5 }}>
            {eyebrow}
          </Typography>
        )}
        <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        <Typography variant="subtitle1" sx={{ mb: 5 }} data-testid="buy-message-text">
          {text}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {action}
        </Stack>
      </Box>
    </Frame>
  );
}

function BuySkeleton({ market }: { market?: Market }) {
  return (
    <Frame state="loading" market={market}>
      <Box
        role="status"
        aria-busy="true"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '6fr 5fr' }, gap: { xs: 5, md: 10 } }}
      >
        <Skeleton variant="rectangular" animation="wave" sx={{ height: { xs: 360, md: 620 } }} />
        <Box>
          <Skeleton width="30%" />
          <Skeleton width="75%" height={64} />
          <Skeleton variant="rectangular" height={140} sx={{ mt: 4 }} />
          <Skeleton variant="rectangular" height={54} sx={{ mt: 4 }} />
        </Box>
      </Box>
    </Frame>
  );
}

function BackToWork({ painting, label }: { painting: TPaintingDetail; label: string }) {
  return (
    <Button
      component={Link}
      to={paintingPath(painting)}
      startIcon={<ArrowBackIcon fontSize="small" />}
      size="small"
      data-testid="buy-back"
      sx={{ color: palette.muted, px: 0, minHeight: 34, '&:hover': { bgcolor: 'transparent', color: palette.ink } }}
    >
      {label}
    </Button>
  );
}

type BuyFormProps = {
  painting: TPaintingDetail;
  baseUrl: string;
  currency: Currency;
  pricing: Pricing;
  /** Secondary: loads the offer again (when the drawer opens, after NotEnoughParts), so no stale total is paid. */
  refresh?: () => void;
  refreshing?: boolean;
};

function BuyForm({ painting, baseUrl, currency, pricing, refresh, refreshing = false }: BuyFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { signedIn, user } = useSession();
  const gate = useVerificationGate();
  const investor = useInvestorGate();
  const { available, market } = pricing;
  const secondary = market === 'secondary';
  const schema = useMemo(() => buyFormSchema(available), [available]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  /** The total the member saw when opening the drawer, to tell them if the listings changed it since. */
  const [totalSeen, setTotalSeen] = useState<number | null>(null);
  const form = useForm<BuyFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { quantity: String(Math.min(QUICK_QUANTITIES[0], available)), owner: '', responsibility: false },
  });
  const { control, setValue, getFieldState, formState } = form;
  const quantityText = useWatch({ control, name: 'quantity' });
  const owner = useWatch({ control, name: 'owner' });
  const quantity = parseQuantity(quantityText);
  // Buying by amount (issue 17): the amount chooses the parts (the most whole parts it pays for, in the order the
  // server sells them), and the form goes on with that quantity, so the quote and the payment are the same.
  const [buyBy, setBuyBy] = useState<BuyBy>('parts');
  const [amountTyped, setAmountTyped] = useState('');
  const amountMinor = parseAmountMinor(amountTyped);
  const amountQuote = useMemo(() => {
    if (buyBy !== 'amount' || amountMinor === null) return null;
    const steps = secondary ? pricing.steps : primarySteps(available, pricing.priceMinor);
    return partsForAmount(amountMinor, steps, MAX_PARTS_PER_PURCHASE);
  }, [buyBy, amountMinor, secondary, pricing.steps, pricing.priceMinor, available]);
  const amountParts = amountQuote?.parts ?? 0;
  useEffect(() => {
    if (buyBy !== 'amount') return;
    setValue('quantity', amountParts > 0 ? String(amountParts) : '', {
      shouldValidate: formState.isSubmitted,
      shouldDirty: true,
    });
  }, [buyBy, amountParts, setValue, formState.isSubmitted]);
  const quantityError = formState.errors.quantity;
  const amountError =
    buyBy !== 'amount' || !quantityError
      ? null
      : amountQuote?.nextPartMinor && amountQuote.parts === 0
        ? t('purchase.amount.belowOnePart', {
            amount: formatMoney(amountQuote.nextPartMinor, pricing.currency, language),
          })
        : amountMinor === null
          ? t('purchase.amount.required')
          : issueText(t, quantityError.message);
  const priceMinor = pricing.priceMinor;
  const totalMinor = totalOf(pricing, quantity);
  const fills = secondary && quantity !== null ? fillSteps(pricing.steps, quantity) : null;
  const money = (minor: number) => formatMoney(minor, pricing.currency, language);
  const title = localized(painting.title, language);
  const coverUrl = mediaUrl(baseUrl, painting.cover_img);
  const partsText = quantity ? formatPartsQuantity(quantity, language) : formatPartsQuantity(0, language);

  // The holder's name defaults to the member's own (and follows a quick sign-up) until it is edited.
  const fullName = user ? `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() : '';
  const ownerEdited = useRef(false);
  useEffect(() => {
    if (fullName && !ownerEdited.current && !getFieldState('owner').isDirty) {
      setValue('owner', fullName, { shouldValidate: formState.isSubmitted });
    }
  }, [fullName, setValue, getFieldState, formState.isSubmitted]);

  const order: PurchaseOrder | null = quantity !== null ? { paintingId: painting.id, quantity, owner, currency } : null;

  const showDrawer = () => {
    setTotalSeen(totalMinor);
    setDrawerOpen(true);
    refresh?.();
  };
  // A visitor names the holder after the quick sign-up (it defaults to the new member's name then).
  const openDrawer = form.handleSubmit(showDrawer, (errors) => {
    const blocking = Object.keys(errors).filter((name) => signedIn || name !== 'owner');
    if (blocking.length > 0) return;
    form.clearErrors('owner');
    showDrawer();
  });

  // Secondary: what changed in the listings since the drawer opened (the offer is loaded again then).
  let notice: string | null = null;
  if (secondary && drawerOpen && !refreshing) {
    if (quantity !== null && quantity > available) {
      notice = t('purchase.secondary.fewerListed', { parts: formatPartsQuantity(available, language) });
    } else if (totalSeen !== null && totalMinor !== null && totalMinor !== totalSeen) {
      notice = t('purchase.secondary.totalChanged', { amount: money(totalMinor) });
    }
  }

  const ratio =
    painting.dimension.width > 0 && painting.dimension.height > 0
      ? painting.dimension.width / painting.dimension.height
      : 4 / 5;

  return (
    <>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <BackToWork painting={painting} label={t('purchase.buy.back')} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 6fr) minmax(0, 5fr)' },
          gap: { xs: 5, md: 10 },
          alignItems: 'start',
        }}
      >
        <Box sx={{ position: { md: 'sticky' }, top: { md: 24 }, bgcolor: palette.wall, p: { xs: 3, sm: 5, md: 6 } }}>
          <ArtworkImage
            src={coverUrl}
            alt={title}
            sizes="(max-width: 900px) 100vw, 55vw"
            priority
            ratio={ratio}
            fit="contain"
            testId="buy-painting-cover"
            sx={{
              bgcolor: 'transparent',
              maxHeight: { xs: 420, md: 640 },
              mx: 'auto',
              boxShadow: '0 18px 40px rgba(28, 27, 25, 0.16)',
            }}
          />
        </Box>

        <Box component="form" noValidate onSubmit={openDrawer}>
          <Typography variant="overline" component="p" sx={{ color: palette.muted }} data-testid="buy-eyebrow">
            {t(secondary ? 'purchase.secondary.eyebrow' : 'purchase.buy.eyebrow')}
          </Typography>
          <Typography sx={{ color: palette.accentDark, fontWeight: 500, letterSpacing: '0.04em', mt: 1 }}>
            {painting.artist.name}
          </Typography>
          <Typography variant="h2" component="h1" data-testid="buy-painting-title" sx={{ mt: 1, mb: 3 }}>
            {title}
          </Typography>

          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr 1fr',
              gap: 3,
              py: 3,
              m: 0,
              borderTop: `1px solid ${palette.line}`,
              borderBottom: `1px solid ${palette.line}`,
              '& dd': { m: 0 },
            }}
          >
            <Box>
              <Typography component="dt" variant="body2" sx={{ color: palette.muted }}>
                {t('purchase.buy.pricePerPart')}
              </Typography>
              <Typography component="dd" sx={{ fontSize: 22, fontWeight: 500 }} data-testid="buy-price-per-part">
                {pricing.stepped ? t('purchase.secondary.from', { amount: money(priceMinor) }) : money(priceMinor)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ color: palette.muted }}>
                {secondary
                  ? t(pricing.stepped ? 'purchase.secondary.priceNoteStepped' : 'purchase.secondary.priceNote')
                  : t('purchase.buy.perCm2', {
                      amount: formatMoney(minorOf(painting.price_per_cm2), painting.price_per_cm2.curr, language),
                    })}
              </Typography>
            </Box>
            <Box>
              <Typography component="dt" variant="body2" sx={{ color: palette.muted }}>
                {t(secondary ? 'purchase.secondary.available' : 'purchase.buy.available')}
              </Typography>
              <Typography component="dd" sx={{ fontSize: 17, mt: 0.5 }} data-testid="buy-available">
                {formatPartsQuantity(available, language)}
              </Typography>
            </Box>
          </Box>

          <Stack spacing={3.5} sx={{ mt: 4 }}>
            <Box>
              <ToggleButtonGroup
                exclusive
                value={buyBy}
                onChange={(_, next: BuyBy | null) => next && setBuyBy(next)}
                aria-label={t('purchase.amount.by')}
                size="small"
                sx={{ mb: 2.5 }}
              >
                <ToggleButton value="parts" data-testid="buy-by-parts" sx={{ px: 2.5, textTransform: 'none' }}>
                  {t('purchase.amount.byParts')}
                </ToggleButton>
                <ToggleButton value="amount" data-testid="buy-by-amount" sx={{ px: 2.5, textTransform: 'none' }}>
                  {t('purchase.amount.byAmount')}
                </ToggleButton>
              </ToggleButtonGroup>
              {buyBy === 'amount' ? (
                <>
                  <TextField
                    label={t('purchase.amount.label', { currency: currencySymbol(pricing.currency, language) })}
                    name="amount"
                    value={amountTyped}
                    onChange={(event) => setAmountTyped(amountText(event.target.value))}
                    error={amountError !== null}
                    helperText={amountError ?? t('purchase.amount.help')}
                    fullWidth
                    slotProps={{
                      htmlInput: {
                        'data-testid': 'buy-amount',
                        inputMode: 'decimal',
                        'aria-describedby': 'buy-amount-parts',
                      },
                      formHelperText: amountError ? ({ 'data-testid': 'buy-amount-error' } as object) : undefined,
                    }}
                  />
                  <Typography
                    id="buy-amount-parts"
                    data-testid="buy-amount-parts"
                    aria-live="polite"
                    sx={{ mt: 1.25, color: palette.ink, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {t('purchase.amount.buys', { parts: partsText })}
                  </Typography>
                </>
              ) : (
                <>
                  <Controller
                    control={control}
                    name="quantity"
                    render={({ field, fieldState }) => (
                      <TextField
                        label={t('purchase.buy.quantity')}
                        name={field.name}
                        value={field.value}
                        inputRef={field.ref}
                        onBlur={field.onBlur}
                        onChange={(event) => field.onChange(quantityDigits(event.target.value))}
                        error={Boolean(fieldState.error)}
                        helperText={issueText(t, fieldState.error?.message) ?? t('purchase.buy.quantityHelp')}
                        fullWidth
                        slotProps={{
                          htmlInput: {
                            'data-testid': 'buy-quantity',
                            inputMode: 'numeric',
                            pattern: '[0-9]*',
                            'aria-describedby': 'buy-quantity-cm2',
                          },
                          formHelperText: fieldState.error
                            ? ({ 'data-testid': 'buy-quantity-error' } as object)
                            : undefined,
                        }}
                      />
                    )}
                  />
                  <Typography
                    id="buy-quantity-cm2"
                    data-testid="buy-quantity-cm2"
                    aria-live="polite"
                    sx={{ mt: 1.25, color: palette.ink, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {partsText}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
                    {QUICK_QUANTITIES.map((parts) => (
                      <Button
                        key={parts}
                        size="small"
                        variant={quantity === parts ? 'contained' : 'outlined'}
                        color="inherit"
                        disabled={parts > available}
                        data-testid={`buy-quick-${parts}`}
                        onClick={() => setValue('quantity', String(parts), { shouldValidate: true, shouldDirty: true })}
                        sx={{ borderColor: palette.line, minHeight: 36, px: 1.75, fontWeight: 400 }}
                      >
                        {t('purchase.buy.quick', { cm2: parts / 9, parts, count: parts })}
                      </Button>
                    ))}
                  </Stack>
                </>
              )}
            </Box>

            <Box
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'baseline',
                gap: 2,
                py: 2.5,
                borderTop: `1px solid ${palette.line}`,
                borderBottom: `1px solid ${palette.line}`,
              }}
            >
              <Typography sx={{ color: palette.muted }}>{t('purchase.buy.total')}</Typography>
              <Box sx={{ textAlign: 'right', minWidth: 0 }}>
                <Typography
                  data-testid="buy-total"
                  aria-live="polite"
                  sx={{
                    fontFamily: fonts.display,
                    fontSize: { xs: 30, md: 36 },
                    lineHeight: 1.1,
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {money(totalMinor ?? 0)}
                </Typography>
                {fills && fills.length > 1 && (
                  <Typography
                    variant="body2"
                    data-testid="buy-total-breakdown"
                    sx={{ color: palette.muted, mt: 0.75, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {fills
                      .map((fill) =>
                        t('purchase.secondary.step', {
                          parts: formatNumber(fill.quantity, language),
                          amount: money(fill.unitPriceMinor),
                        }),
                      )
                      .join(' + ')}
                  </Typography>
                )}
              </Box>
            </Box>

            <OrderLines
              painting={painting}
              pricing={pricing}
              quantity={quantity}
              remainderMinor={buyBy === 'amount' && amountQuote ? amountQuote.remainderMinor : null}
              language={language}
            />

            <Controller
              control={control}
              name="owner"
              render={({ field, fieldState }) => (
                <TextField
                  label={t('purchase.buy.owner')}
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    ownerEdited.current = true;
                    field.onChange(event.target.value);
                  }}
                  autoComplete="name"
                  error={Boolean(fieldState.error)}
                  helperText={issueText(t, fieldState.error?.message) ?? t('purchase.buy.ownerHelp')}
                  fullWidth
                  slotProps={{
                    htmlInput: { 'data-testid': 'buy-owner', maxLength: 200 },
                    formHelperText: fieldState.error ? ({ 'data-testid': 'buy-owner-error' } as object) : undefined,
                  }}
                />
              )}
            />

            <Controller
              control={control}
              name="responsibility"
              render={({ field, fieldState }) => (
                <Box>
                  <FormControlLabel
                    sx={{ alignItems: 'flex-start', mr: 0 }}
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        sx={{ mt: -0.75 }}
                        slotProps={{
                          input: { ref: field.ref, 'data-testid': 'buy-responsibility' } as object,
                        }}
                      />
                    }
                    label={
                      <Typography variant="body2" sx={{ pt: 0.25 }}>
                        {t('purchase.buy.responsibility')}
                      </Typography>
                    }
                  />
                  {fieldState.error && (
                    <FormHelperText error data-testid="buy-responsibility-error" sx={{ ml: 4 }}>
                      {issueText(t, fieldState.error.message)}
                    </FormHelperText>
                  )}
                </Box>
              )}
            />

            {/* Issue 29: a member not yet verified sees the identity step, not a button the API would refuse. */}
            {signedIn && gate.status && gate.gated ? (
              <VerificationStep state={gate.status.state} testId="buy-verification-step" />
            ) : signedIn && investor.gated && investor.profile ? (
              // Issue 30: then the investor onboarding (test, risk warning, loss simulation).
              <InvestorStep profile={investor.profile} testId="buy-investor-step" />
            ) : (
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                data-testid="buy-open-drawer"
                sx={{ minHeight: 54, fontSize: 16 }}
              >
                {t('purchase.buy.submit')}
              </Button>
            )}
          </Stack>
        </Box>
      </Box>

      <PurchaseDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        order={order}
        title={title}
        artist={painting.artist.name}
        coverUrl={coverUrl}
        partsText={partsText}
        totalMinor={totalMinor}
        currency={pricing.currency}
        available={available}
        refreshing={refreshing}
        notice={notice}
        onStale={refresh}
        caseHref={`${paintingPath(painting)}#${INVESTMENT_CASE_ID}`}
      />
    </>
  );
}

function BuyLoader({ paintingId, currency }: { paintingId: string; currency: Currency }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const query = usePaintingDetail(paintingId, currency);
  const carried = location.state as NavigationState;
  // The record handed over by the painting page shows at once while the fresh one loads (same work and currency).
  const fallback =
    carried?.painting?.id === paintingId && carried.painting.price_per_part.curr === currency && carried.base_url
      ? { paintings: carried.painting, base_url: carried.base_url }
      : null;
  const data = query.data ?? (query.isPending ? fallback : null);
  const painting = data?.paintings;
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  const title = painting ? localized(painting.title, language) : undefined;
  /** The work whose form has been shown (it then stays, see below). */
  const shown = useRef<string | null>(null);
  usePageMeta(title ? t('purchase.buy.metaTitle', { title }) : t('purchase.buy.title'));

  if (notFound) {
    return (
      <Message
        state="not-found"
        eyebrow="404"
        title={t('msg:PaintingNotFound')}
        text={t('purchase.buy.notFoundText')}
        action={
          <Button component={Link} to="/primary-market" variant="outlined">
            {t('purchase.buy.toMarket')}
          </Button>
        }
      />
    );
  }
  if (!painting || !data) {
    if (query.isError) {
      return (
        <Message
          state="error"
          title={t('purchase.buy.errorTitle')}
          text={localized(errorText(query.error), language)}
          action={
            <Button variant="outlined" onClick={() => query.refetch()}>
              {t('purchase.retry')}
            </Button>
          }
        />
      );
    }
    return <BuySkeleton />;
  }
  // The painting's market decides, whatever the address's `type` says.
  if (painting.market === 3 && shown.current !== painting.id) {
    return (
      <SecondaryBuy
        key={`${painting.id}-${currency}`}
        painting={painting}
        baseUrl={data.base_url}
        currency={currency}
      />
    );
  }
  // Once the form is shown it stays (the success dialog lives in it), even when a purchase sells the last parts.
  if (shown.current !== painting.id && (painting.market !== 2 || availableParts(painting) === 0)) {
    const soldOut = painting.market === 2;
    return (
      <Message
        state={soldOut ? 'sold-out' : 'unavailable'}
        eyebrow={title}
        title={t(soldOut ? 'purchase.buy.soldOutTitle' : 'purchase.buy.unavailableTitle')}
        text={t(soldOut ? 'purchase.buy.soldOutText' : 'purchase.buy.unavailableText')}
        action={
          <Button component={Link} to={paintingPath(painting)} variant="outlined" data-testid="buy-back-to-work">
            {t('purchase.buy.backToWork')}
          </Button>
        }
      />
    );
  }
  shown.current = painting.id;
  return (
    <Frame state="ready" market="primary">
      <BuyForm
        key={`${painting.id}-${currency}`}
        painting={painting}
        baseUrl={data.base_url}
        currency={currency}
        pricing={primaryPricing(painting)}
      />
    </Frame>
  );
}

/**
 * /buy for a secondary-market work (spec §1): parts come from other members' open listings, oldest first, each at
 * its price. The offer (GET /paintings/sale/offer) says whether the member may buy (holders of primary parts only)
 * and prices the order; it is loaded again when the drawer opens and after NotEnoughParts. The server prices the
 * purchase itself: its answer's total is the one paid.
 */
function SecondaryBuy({
  painting,
  baseUrl,
  currency,
}: {
  painting: TPaintingDetail;
  baseUrl: string;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const { signedIn } = useSession();
  const offer = useSecondaryOffer(painting.id, currency, signedIn);
  const title = localized(painting.title, language);
  /** Once the form is shown it stays: a paid purchase refreshes the offer, and the success dialog lives in the form. */
  const shown = useRef(false);
  const backToWork = (
    <Button component={Link} to={paintingPath(painting)} variant="outlined" data-testid="buy-back-to-work">
      {t('purchase.buy.backToWork')}
    </Button>
  );

  if (!signedIn) {
    return (
      <Message
        state="sign-in"
        market="secondary"
        eyebrow={title}
        title={t('purchase.secondary.signInTitle')}
        text={t('purchase.secondary.signInText')}
        action={
          <>
            <Button
              component={Link}
              to="/login"
              state={{ from: `${location.pathname}${location.search}` }}
              variant="contained"
              data-testid="buy-login"
            >
              {t('purchase.secondary.signIn')}
            </Button>
            {backToWork}
          </>
        }
      />
    );
  }
  const data = offer.data;
  if (!data) {
    if (offer.isError) {
      return (
        <Message
          state="error"
          market="secondary"
          eyebrow={title}
          title={t('purchase.secondary.errorTitle')}
          text={localized(errorText(offer.error), language)}
          action={
            <Button variant="outlined" onClick={() => offer.refetch()} data-testid="buy-retry">
              {t('purchase.retry')}
            </Button>
          }
        />
      );
    }
    return <BuySkeleton market="secondary" />;
  }
  const block = shown.current ? null : offerBlock(data);
  if (block === 'not-eligible') {
    return (
      <Message
        state="unavailable"
        market="secondary"
        reason="not-eligible"
        eyebrow={title}
        title={t('purchase.secondary.notEligibleTitle')}
        text={t('msg:SecondaryReserved')}
        action={
          <>
            <Button component={Link} to="/primary-market" variant="contained" data-testid="buy-to-primary">
              {t('purchase.buy.toMarket')}
            </Button>
            {backToWork}
          </>
        }
      />
    );
  }
  if (block === 'none-listed') {
    const own = data.own_listed_part;
    return (
      <Message
        state="none-listed"
        market="secondary"
        reason="none-listed"
        eyebrow={title}
        title={t('purchase.secondary.noneListedTitle')}
        text={
          own > 0
            ? `${t('purchase.secondary.noneListedText')} ${t('purchase.secondary.ownListed', { parts: formatPartsQuantity(own, language) })}`
            : t('purchase.secondary.noneListedText')
        }
        action={backToWork}
      />
    );
  }
  shown.current = true;
  return (
    <Frame state="ready" market="secondary">
      <BuyForm
        painting={painting}
        baseUrl={baseUrl}
        currency={currency}
        pricing={secondaryPricing(data, currency)}
        refresh={() => void offer.refetch()}
        refreshing={offer.isFetching}
      />
    </Frame>
  );
}

/**
 * /buy (spec §2, §4): the chosen work, the quantity in parts with its surface and total, the certificate holder
 * and the responsibility box, then the purchase drawer. Query: type, path, limit, offset, currency, painting_id
 * (or the painting in navigation state).
 */
export function BuyScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const carried = location.state as NavigationState;
  const paintingId = search.get('painting_id') ?? carried?.painting?.id ?? '';
  const preference = useCurrency();
  const asked = search.get('currency');
  const currency: Currency = isCurrency(asked) ? asked : preference;

  // A currency chosen in the header while here replaces the one of the address.
  const lastPreference = useRef(preference);
  useEffect(() => {
    if (preference === lastPreference.current) return;
    lastPreference.current = preference;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('currency', preference);
        return next;
      },
      { replace: true, state: location.state },
    );
  }, [preference, setSearch, location.state]);

  if (!paintingId) {
    return (
      <Message
        state="not-found"
        title={t('purchase.buy.noWorkTitle')}
        text={t('purchase.buy.noWorkText')}
        action={
          <Button component={Link} to="/primary-market" variant="outlined">
            {t('purchase.buy.toMarket')}
          </Button>
        }
      />
    );
  }
  return <BuyLoader paintingId={paintingId} currency={currency} />;
}
