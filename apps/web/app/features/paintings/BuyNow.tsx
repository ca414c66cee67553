import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Typography,
} from '@mui/material';
import { buyNowAction } from '@parcelle/shared/buy-now';
import type { Currency } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { useSecondaryOffer } from '../purchase/api';
import { offerBlock, secondaryPricing } from '../purchase/pricing';
import { useSession } from '../session/use-session';
import { DESKTOP, fonts, palette } from '../theme/theme';

/** The pinned bar's button; the bar is this plus its padding (BUY_BAR_HEIGHT), the room the page keeps free under it. */
const STICKY_BUTTON_HEIGHT = 48;
export const BUY_BAR_HEIGHT = STICKY_BUTTON_HEIGHT + 2 * 12 + 1;

type OfferContentProps = {
  painting: TPaintingDetail;
  baseUrl: string;
  currency: Currency;
  buyTo: string;
  marketTo: string;
  open: boolean;
  onClose: () => void;
};

/**
 * The secondary-market dialog's body (spec §4: market 3 opens a dialog): the member's offer, loaded when the dialog
 * opens, says whether they may buy (holders of primary parts only) and what other members list, from which price.
 */
function SecondaryOfferContent({ painting, baseUrl, currency, buyTo, marketTo, open, onClose }: OfferContentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const offer = useSecondaryOffer(painting.id, currency, open);
  const data = offer.data;
  const reason = data ? offerBlock(data) : null;
  const canBuy = Boolean(data) && reason === null;

  let body: ReactNode;
  if (!data && offer.isError) {
    body = (
      <Alert
        severity="error"
        variant="outlined"
        data-testid="secondary-dialog-error"
        action={
          <Button color="inherit" size="small" onClick={() => offer.refetch()} data-testid="secondary-dialog-retry">
            {t('paintings.buy.dialogRetry')}
          </Button>
        }
      >
        {t('paintings.buy.dialogError')}
      </Alert>
    );
  } else if (!data) {
    body = (
      <Box
        role="status"
        data-testid="secondary-dialog-loading"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: palette.muted, py: 1 }}
      >
        <CircularProgress size={18} color="inherit" />
        <Typography variant="body2">{t('paintings.buy.dialogLoading')}</Typography>
      </Box>
    );
  } else if (reason) {
    const own = data.own_listed_part;
    body = (
      <Typography
        data-testid="secondary-dialog-reason"
        data-reason={reason}
        sx={{ borderLeft: `2px solid ${palette.accent}`, pl: 2, py: 0.5, color: palette.ink }}
      >
        {reason === 'not-eligible' ? t('paintings.buy.dialogNotEligible') : t('paintings.buy.dialogNoneListed')}
        {reason === 'none-listed' && own > 0 && (
          <> {t('paintings.buy.dialogOwnListed', { parts: formatPartsQuantity(own, language) })}</>
        )}
      </Typography>
    );
  } else {
    const pricing = secondaryPricing(data, currency);
    const amount = formatMoney(pricing.priceMinor, pricing.currency, language);
    body = (
      <Box
        component="dl"
        data-testid="secondary-dialog-offer"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2.5,
          m: 0,
          py: 2.5,
          borderTop: `1px solid ${palette.line}`,
          borderBottom: `1px solid ${palette.line}`,
          '& dd': { m: 0 },
        }}
      >
        <Box>
          <Typography component="dt" variant="body2" sx={{ color: palette.muted }}>
            {t('paintings.buy.dialogListed')}
          </Typography>
          <Typography
            component="dd"
            sx={{ fontFamily: fonts.display, fontSize: 24, lineHeight: 1.2 }}
            data-testid="secondary-dialog-available"
          >
            {formatPartsQuantity(data.available_part, language)}
          </Typography>
        </Box>
        <Box>
          <Typography component="dt" variant="body2" sx={{ color: palette.muted }}>
            {t('paintings.buy.dialogPriceLabel')}
          </Typography>
          <Typography
            component="dd"
            sx={{ fontFamily: fonts.display, fontSize: 24, lineHeight: 1.2 }}
            data-testid="secondary-dialog-price"
          >
            {pricing.stepped ? t('paintings.buy.dialogFrom', { amount }) : t('paintings.buy.dialogPrice', { amount })}
          </Typography>
        </Box>
      </Box>
    );
  }

  return (
    <>
      <DialogContent>
        <Typography variant="subtitle1" sx={{ mb: 3 }}>
          {t('paintings.buy.dialogOfferText')}
        </Typography>
        {body}
      </DialogContent>
      <DialogActions
        disableSpacing
        sx={{
          px: 3,
          pb: 2,
          gap: 1,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        }}
      >
        <Button
          component={Link}
          to={marketTo}
          variant={canBuy ? 'text' : 'contained'}
          data-testid="secondary-dialog-market"
          onClick={onClose}
          sx={{ textAlign: 'center' }}
        >
          {t('paintings.buy.dialogCta')}
        </Button>
        {canBuy && (
          <Button
            component={Link}
            to={buyTo}
            state={{ painting, base_url: baseUrl }}
            variant="contained"
            data-testid="secondary-dialog-buy"
          >
            {t('paintings.buy.dialogBuy')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/**
 * The "Buy now" button and what it says when it cannot be used (rules in @parcelle/shared/buy-now). `notOpenYet`,
 * the id of the text giving the opening date, disables it until the primary sale opens (issue 15).
 */
export function BuyNow({
  painting,
  baseUrl,
  notOpenYet,
  sticky = false,
}: {
  painting: TPaintingDetail;
  baseUrl: string;
  notOpenYet?: string;
  /**
   * The copy pinned to the bottom of small screens while the page's own button is out of sight (issue 17): the
   * same action, nothing when it cannot be used (the reason is beside the page's button).
   */
  sticky?: boolean;
}) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const currency = useCurrency();
  const location = useLocation();
  const navigate = useNavigate();
  const [dialogOpen, setDialogOpen] = useState(false);
  const action = buyNowAction({
    signedIn,
    market: painting.market,
    totalParts: painting.total_part,
    soldParts: painting.sold_out_part,
    currency,
    paintingId: painting.id,
    pathname: location.pathname,
    painting,
    baseUrl,
  });

  const onClick = () => {
    if (action.kind === 'login') navigate(action.to, { state: action.state });
    else if (action.kind === 'buy') navigate(action.to, { state: action.state });
    else if (action.kind === 'secondary-dialog') setDialogOpen(true);
  };
  const waiting = notOpenYet !== undefined && action.kind !== 'disabled';
  const disabled = action.kind === 'disabled' || waiting;
  const reasonId = 'buy-now-reason';
  const describedBy = waiting ? `${notOpenYet} ${reasonId}` : disabled || painting.market === 3 ? reasonId : undefined;

  if (sticky && disabled) return null;

  return (
    <Box
      data-testid={sticky ? 'buy-now-bar' : undefined}
      sx={
        sticky
          ? {
              position: 'fixed',
              left: 0,
              right: 0,
              bottom: 0,
              zIndex: 'appBar',
              px: 2.5,
              py: 1.5,
              bgcolor: palette.paper,
              borderTop: `1px solid ${palette.line}`,
              boxShadow: '0 -4px 16px rgba(28, 27, 25, 0.08)',
              [DESKTOP]: { display: 'none' },
            }
          : undefined
      }
    >
      <Button
        variant="contained"
        size="large"
        fullWidth
        data-testid={sticky ? 'buy-now-sticky' : 'buy-now'}
        disabled={disabled}
        aria-describedby={sticky ? undefined : describedBy}
        onClick={onClick}
        sx={{ minHeight: sticky ? STICKY_BUTTON_HEIGHT : 54, fontSize: 16 }}
      >
        {action.kind === 'disabled' && action.reason === 'sold-out'
          ? t('paintings.buy.soldOut')
          : t('paintings.buy.button')}
      </Button>
      {!sticky && action.kind === 'disabled' && (
        <Typography id={reasonId} data-testid="buy-now-reason" variant="body2" sx={{ mt: 1.5, color: palette.muted }}>
          {t(action.reason === 'sold-out' ? 'paintings.buy.soldOutReason' : 'paintings.buy.notBuyableReason')}
        </Typography>
      )}
      {!sticky && waiting && (
        <Typography id={reasonId} data-testid="buy-now-reason" variant="body2" sx={{ mt: 1.5, color: palette.muted }}>
          {t('paintings.sale.notOpenReason')}
        </Typography>
      )}
      {!sticky && !disabled && painting.market === 3 && (
        <Typography id={reasonId} variant="body2" sx={{ mt: 1.5, color: palette.muted }}>
          {t('paintings.buy.secondaryNote')}
        </Typography>
      )}
      <Dialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="secondary-dialog-title"
        slotProps={{
          paper: { 'data-testid': 'secondary-dialog', sx: { bgcolor: palette.paper, p: { xs: 1, sm: 2 } } } as object,
        }}
      >
        <IconButton
          onClick={() => setDialogOpen(false)}
          aria-label={t('paintings.close')}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <CloseIcon />
        </IconButton>
        <DialogTitle id="secondary-dialog-title" variant="h4" component="h2" sx={{ pr: 6 }}>
          {t('paintings.buy.dialogTitle')}
        </DialogTitle>
        {action.kind === 'secondary-dialog' && (
          <SecondaryOfferContent
            painting={painting}
            baseUrl={baseUrl}
            currency={currency}
            buyTo={action.buyTo}
            marketTo={action.to}
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
          />
        )}
      </Dialog>
    </Box>
  );
}
