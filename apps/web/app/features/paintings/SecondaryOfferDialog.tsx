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
import type { Currency } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../i18n/language';
import { useSecondaryOffer } from '../purchase/api';
import { offerBlock, secondaryPricing } from '../purchase/pricing';
import { fonts, palette } from '../theme/theme';

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

/** The dialog the secondary market's "Buy now" opens (spec §4: market 3): the offer, then the way to buy or list. */
export function SecondaryOfferDialog(props: OfferContentProps) {
  const { t } = useTranslation();
  const { open, onClose } = props;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="secondary-dialog-title"
      slotProps={{
        paper: { 'data-testid': 'secondary-dialog', sx: { bgcolor: palette.paper, p: { xs: 1, sm: 2 } } } as object,
      }}
    >
      <IconButton onClick={onClose} aria-label={t('paintings.close')} sx={{ position: 'absolute', top: 8, right: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogTitle id="secondary-dialog-title" variant="h4" component="h2" sx={{ pr: 6 }}>
        {t('paintings.buy.dialogTitle')}
      </DialogTitle>
      <SecondaryOfferContent {...props} />
    </Dialog>
  );
}
