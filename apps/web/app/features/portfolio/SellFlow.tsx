import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutlineOutlinedIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
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
  Divider,
  Drawer,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IdentityCheckCancelled } from '../account/IdentityCheck';
import { useStepUp } from '../account/StepUp';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { FormTextField } from '../forms/FormTextField';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';
import { partsInHand, SALE_CLOSE_DELAY_MS, sellParts, type THolding } from './api';
import { quantityInput, type SellFormInput, type SellFormValues, sellForm, typedQuantity } from './sell-form';

type Props = {
  /** The work being sold; null when the drawer is closed. */
  holding: THolding | null;
  baseUrl: string;
  onClose: () => void;
  /** After a successful sale, once the drawer has closed (spec §4: the list returns to page 1). */
  onSold: () => void;
};

type Sold = { message: string; parts: string; title: string };

/**
 * Selling parts (spec §4 Sale): the drawer (quantity, price per part, total) → a confirmation → the sale call;
 * on success, after 2 s, everything closes and the success dialog ('Parts Listed') opens. Failures show the
 * server's message in the drawer.
 */
export function SellFlow({ holding, baseUrl, onClose, onSold }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sold, setSold] = useState<Sold | null>(null);
  const stepUp = useStepUp();
  const gate = useVerificationGate();
  const [current, setCurrent] = useState<THolding | null>(holding);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inHand = current ? partsInHand(current) : 0;
  const schema = useMemo(() => sellForm(inHand), [inHand]);
  const form = useForm<SellFormInput, unknown, SellFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { quantity: '1' },
  });
  const { reset } = form;
  const typed = typedQuantity(useWatch({ control: form.control, name: 'quantity' }));

  // A new work opens a fresh form; the last one stays shown while the drawer slides out.
  useEffect(() => {
    if (!holding) return;
    setCurrent(holding);
    setConfirming(false);
    setBusy(false);
    setFailure(null);
    reset({ quantity: '1' });
  }, [holding, reset]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const priceMinor = current ? Math.round(current.part_price.value * 100) : 0;
  const curr = current?.part_price.curr ?? 'USD';
  const title = current ? localized(current.painting.title, language) : '';
  const confirmedQuantity = typed;

  const submit = form.handleSubmit(() => {
    setFailure(null);
    setConfirming(true);
  });

  const confirm = async () => {
    if (!current || confirmedQuantity === 0) return;
    setBusy(true);
    let message: string;
    try {
      // Issue 26: parts leave the member: the wallet code (and the app's code when on), as a wallet purchase.
      const answer = await stepUp.confirm((proof) =>
        sellParts({ total_part: confirmedQuantity, painting_id: current.painting.id, ...proof }),
      );
      message = answer.message ? localized(answer.message, language) : t('msg:PartsListed');
    } catch (error) {
      setBusy(false);
      setConfirming(false);
      if (!(error instanceof IdentityCheckCancelled)) setFailure(localized(errorText(error), language));
      return;
    }
    const done: Sold = { message, parts: formatPartsQuantity(confirmedQuantity, language), title };
    // Spec §4: the dialog closes 2 s after the sale succeeded, then the list returns to page 1.
    timer.current = setTimeout(() => {
      setBusy(false);
      setConfirming(false);
      onSold();
      setSold(done);
    }, SALE_CLOSE_DELAY_MS);
  };

  const closeDrawer = () => {
    if (!busy) onClose();
  };

  return (
    <>
      <Drawer
        anchor="right"
        open={Boolean(holding)}
        onClose={closeDrawer}
        slotProps={{
          paper: {
            sx: { width: { xs: '100%', sm: 440 }, bgcolor: palette.paper },
            'aria-labelledby': 'sell-title',
            'data-testid': 'sell-drawer',
          } as object,
        }}
      >
        {current && (
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}
          >
            <Stack
              direction="row"
              sx={{
                alignItems: 'center',
                justifyContent: 'space-between',
                px: 3,
                py: 2,
                borderBottom: `1px solid ${palette.line}`,
              }}
            >
              <Typography id="sell-title" variant="h4" component="h2">
                {t('portfolio.sell.title')}
              </Typography>
              <IconButton
                onClick={closeDrawer}
                aria-label={t('common.close')}
                title={t('common.close')}
                disabled={busy}
              >
                <CloseIcon />
              </IconButton>
            </Stack>
            <Stack spacing={3} sx={{ px: 3, py: 3, flex: 1 }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <ArtworkImage
                  src={mediaUrl(baseUrl, current.painting.img)}
                  alt=""
                  sizes="72px"
                  sx={{ width: 72, height: 72, flexShrink: 0 }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="sell-work">
                    {title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: palette.muted }} data-testid="sell-in-hand">
                    {t('portfolio.sell.inHand', { parts: formatPartsQuantity(inHand, language) })}
                  </Typography>
                  {current.listed > 0 && (
                    <Typography variant="body2" sx={{ color: palette.muted }}>
                      {t('portfolio.sell.alreadyListed', { parts: formatPartsQuantity(current.listed, language) })}
                    </Typography>
                  )}
                </Box>
              </Stack>
              <FormTextField
                control={form.control}
                name="quantity"
                label={t('portfolio.sell.quantity')}
                autoComplete="off"
                transform={quantityInput}
                testId="sell-quantity"
                helperText={
                  typed > 0
                    ? t('portfolio.sell.quantityHelp', { parts: formatPartsQuantity(typed, language), max: inHand })
                    : t('portfolio.sell.quantityRange', { max: inHand })
                }
                disabled={busy}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'numeric', style: { fontSize: 20 } } }}
              />
              <Box component="dl" sx={{ m: 0 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', py: 1 }}>
                  <Typography component="dt" sx={{ color: palette.muted }}>
                    {t('portfolio.sell.pricePerPart')}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }} data-testid="sell-price">
                    {formatAmount(current.part_price, language)}
                  </Typography>
                </Stack>
                <Divider />
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', py: 1.5 }}>
                  <Typography component="dt" sx={{ fontWeight: 500 }}>
                    {t('portfolio.sell.total')}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, fontSize: 24, fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
                    data-testid="sell-total"
                  >
                    {formatMoney(priceMinor * typed, curr, language)}
                  </Typography>
                </Stack>
              </Box>
              <Typography variant="body2" sx={{ color: palette.muted }}>
                {t('portfolio.sell.note')}
              </Typography>
              {failure && (
                <Alert severity="error" variant="outlined" data-testid="sell-error">
                  {failure}
                </Alert>
              )}
            </Stack>
            <Box sx={{ px: 3, py: 2.5, borderTop: `1px solid ${palette.line}` }}>
              {/* Issue 29: parts are listed only by a verified member; the others see the identity step. */}
              {gate.status && gate.gated ? (
                <VerificationStep state={gate.status.state} testId="sell-verification-step" dense />
              ) : (
                <Button
                  type="submit"
                  variant="contained"
                  fullWidth
                  size="large"
                  disabled={busy}
                  data-testid="sell-submit"
                >
                  {t('portfolio.sell.submit')}
                </Button>
              )}
            </Box>
          </Box>
        )}
      </Drawer>
      <Dialog
        open={confirming}
        onClose={() => !busy && setConfirming(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="sell-confirm-title"
        data-testid="sell-confirm-dialog"
      >
        <DialogTitle id="sell-confirm-title">{t('portfolio.sell.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ color: palette.muted }}>
            {t('portfolio.sell.confirmText', {
              parts: formatPartsQuantity(confirmedQuantity, language),
              title,
              total: formatMoney(priceMinor * confirmedQuantity, curr, language),
            })}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          <Button color="inherit" onClick={() => setConfirming(false)} disabled={busy} data-testid="sell-cancel">
            {t('portfolio.sell.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={confirm}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="sell-confirm"
          >
            {t('portfolio.sell.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={Boolean(sold)}
        onClose={() => setSold(null)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="sell-success-title"
        data-testid="sell-success-dialog"
      >
        <DialogContent sx={{ px: { xs: 3, sm: 5 }, pt: 5, pb: 2, textAlign: 'center' }}>
          <CheckCircleOutlineOutlinedIcon sx={{ fontSize: 44, color: palette.success }} aria-hidden="true" />
          <Typography id="sell-success-title" variant="h4" component="h2" sx={{ mt: 1.5, mb: 1 }}>
            {sold?.message}
          </Typography>
          <Typography sx={{ color: palette.muted }}>
            {sold ? t('portfolio.sell.successText', { parts: sold.parts, title: sold.title }) : ''}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'center', pb: 4 }}>
          <Button variant="contained" onClick={() => setSold(null)} data-testid="sell-success-close">
            {t('portfolio.sell.close')}
          </Button>
        </DialogActions>
      </Dialog>
      {stepUp.dialogs}
    </>
  );
}
