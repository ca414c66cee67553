import { Box, Button, Stack, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { useInvestorGate } from '../investor/api';
import { InvestorStep } from '../investor/InvestorStep';
import { INVESTMENT_CASE_ID } from '../paintings/InvestmentCase';
import { useSession } from '../session/use-session';
import { palette } from '../theme/theme';
import { useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';
import { BuyFacts } from './BuyFacts';
import { BackToWork } from './BuyFrame';
import { BuyTotal } from './BuyTotal';
import styles from './buy-form.module.css';
import { artworkRatio, buyGate, listingsChange } from './buy-state';
import { HolderFields } from './HolderFields';
import { OrderLines } from './OrderLines';
import { PurchaseDrawer } from './PurchaseDrawer';
import type { Pricing } from './pricing';
import { QuantityChoice } from './QuantityChoice';
import { useBuyForm } from './use-buy-form';

type BuyFormProps = {
  painting: TPaintingDetail;
  baseUrl: string;
  currency: Currency;
  pricing: Pricing;
  /** Secondary: loads the offer again (when the drawer opens, after NotEnoughParts), so no stale total is paid. */
  refresh?: () => void;
  refreshing?: boolean;
};

/** /buy's form: the work beside the quantity, total, holder and responsibility, then the purchase drawer. */
export function BuyForm({ painting, baseUrl, currency, pricing, refresh, refreshing = false }: BuyFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { signedIn } = useSession();
  const verification = useVerificationGate();
  const investor = useInvestorGate();
  const state = useBuyForm({ paintingId: painting.id, pricing, currency });
  const { form, quantity, totalMinor } = state;
  const [drawerOpen, setDrawerOpen] = useState(false);
  /** The total the member saw when opening the drawer, to tell them if the listings changed it since. */
  const [totalSeen, setTotalSeen] = useState<number | null>(null);
  const title = localized(painting.title, language);
  const coverUrl = mediaUrl(baseUrl, painting.cover_img);
  const partsText = formatPartsQuantity(quantity ?? 0, language);

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

  const change = listingsChange({
    secondary: pricing.market === 'secondary',
    drawerOpen,
    refreshing,
    quantity,
    available: pricing.available,
    totalSeen,
    totalMinor,
  });
  const notice =
    change?.kind === 'fewer-listed'
      ? t('purchase.secondary.fewerListed', { parts: formatPartsQuantity(change.available, language) })
      : change?.kind === 'total-changed'
        ? t('purchase.secondary.totalChanged', { amount: formatMoney(change.totalMinor, pricing.currency, language) })
        : null;
  const gate = buyGate({
    signedIn,
    verificationGated: Boolean(verification.status && verification.gated),
    investorGated: Boolean(investor.gated && investor.profile),
  });

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
            ratio={artworkRatio(painting.dimension)}
            fit="contain"
            testId="buy-painting-cover"
            tone="clear"
            className={styles.cover}
          />
        </Box>

        <Box component="form" noValidate onSubmit={openDrawer}>
          <Typography variant="overline" component="p" sx={{ color: palette.muted }} data-testid="buy-eyebrow">
            {t(pricing.market === 'secondary' ? 'purchase.secondary.eyebrow' : 'purchase.buy.eyebrow')}
          </Typography>
          <Typography sx={{ color: palette.accentDark, fontWeight: 500, letterSpacing: '0.04em', mt: 1 }}>
            {painting.artist.name}
          </Typography>
          <Typography variant="h2" component="h1" data-testid="buy-painting-title" sx={{ mt: 1, mb: 3 }}>
            {title}
          </Typography>
          <BuyFacts painting={painting} pricing={pricing} language={language} />

          <Stack spacing={3.5} sx={{ mt: 4 }}>
            <QuantityChoice state={state} pricing={pricing} language={language} />
            <BuyTotal totalMinor={totalMinor} fills={state.fills} pricing={pricing} language={language} />
            <OrderLines
              painting={painting}
              pricing={pricing}
              quantity={quantity}
              remainderMinor={state.buyBy === 'amount' && state.amountQuote ? state.amountQuote.remainderMinor : null}
              language={language}
            />
            <HolderFields state={state} />
            {/* Issue 29: a member not yet verified sees the identity step, not a button the API would refuse. */}
            {gate === 'verification' && verification.status ? (
              <VerificationStep state={verification.status.state} testId="buy-verification-step" />
            ) : gate === 'investor' && investor.profile ? (
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
        order={state.order}
        title={title}
        artist={painting.artist.name}
        coverUrl={coverUrl}
        partsText={partsText}
        totalMinor={totalMinor}
        currency={pricing.currency}
        available={pricing.available}
        refreshing={refreshing}
        notice={notice}
        onStale={refresh}
        caseHref={`${paintingPath(painting)}#${INVESTMENT_CASE_ID}`}
      />
    </>
  );
}
