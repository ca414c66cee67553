import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import { buyNowAction, MEMBER_MARKET_PATH } from '@parcelle/shared/buy-now';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrency } from '../preferences/currency';
import { useSession } from '../session/use-session';
import { palette } from '../theme/theme';

/** The "Buy now" button and what it says when it cannot be used (rules in @parcelle/shared/buy-now). */
export function BuyNow({ painting, baseUrl }: { painting: TPaintingDetail; baseUrl: string }) {
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
  const disabled = action.kind === 'disabled';
  const reasonId = 'buy-now-reason';

  return (
    <Box>
      <Button
        variant="contained"
        size="large"
        fullWidth
        data-testid="buy-now"
        disabled={disabled}
        aria-describedby={disabled || painting.market === 3 ? reasonId : undefined}
        onClick={onClick}
        sx={{ minHeight: 54, fontSize: 16 }}
      >
        {action.kind === 'disabled' && action.reason === 'sold-out'
          ? t('paintings.buy.soldOut')
          : t('paintings.buy.button')}
      </Button>
      {disabled && (
        <Typography id={reasonId} data-testid="buy-now-reason" variant="body2" sx={{ mt: 1.5, color: palette.muted }}>
          {t(action.reason === 'sold-out' ? 'paintings.buy.soldOutReason' : 'paintings.buy.notBuyableReason')}
        </Typography>
      )}
      {!disabled && painting.market === 3 && (
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
        <DialogContent>
          <Typography variant="subtitle1">{t('paintings.buy.dialogText')}</Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={() => setDialogOpen(false)}>{t('paintings.close')}</Button>
          <Button component={Link} to={MEMBER_MARKET_PATH} variant="contained" data-testid="secondary-dialog-market">
            {t('paintings.buy.dialogCta')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
