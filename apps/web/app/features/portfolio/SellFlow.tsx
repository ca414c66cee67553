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
  Drawer,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { type OrderOutcome, orderOutcome } from '@parcelle/shared/market-order';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityCheckCancelled } from '../account/IdentityCheck';
import { useStepUp } from '../account/StepUp';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { mediaUrl } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { BookAmount } from '../market-order/BookAmount';
import { useOrderBook } from '../market-order/book';
import { OrderFields, OrderQuoteSummary } from '../market-order/OrderFields';
import { useOutcomeText, useOutcomeTitle } from '../market-order/OrderOutcome';
import { priceText, useOrderDraft } from '../market-order/use-order-draft';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';
import { partsInHand, SALE_CLOSE_DELAY_MS, sellParts, type THolding } from './api';

type Props = {
  /** The work being sold; null when the drawer is closed. */
  holding: THolding | null;
  baseUrl: string;
  onClose: () => void;
  /** After a successful sale, once the drawer has closed (spec §4: the list returns to page 1). */
  onSold: () => void;
};

type Sold = { outcome: OrderOutcome; priceMinor: number; rate: string | null; title: string };

/**
 * Selling parts (spec §4 Sale; issue 31, one way to sell): the drawer (parts and a price per part within the book's
 * bounds, with the fees and what the member receives, as on the work's order form: market-order/) → a confirmation
 * → the sale call; on success, after 2 s, everything closes and the success dialog says what happened: filled,
 * partly filled (parts, price, amount) or listed. Failures show the server's message in the drawer.
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
  const book = useOrderBook(current?.painting.id ?? null);
  const range = book.data ? { min: book.data.min_price_minor, max: book.data.max_price_minor } : null;
  const rate = book.data?.eur_usd_rate ?? null;
  const draft = useOrderDraft({
    side: 'ask',
    range,
    inHand,
    initialParts: '1',
    defaultPrice: priceText(book.data?.reference_price_minor),
  });
  const { reset } = draft;
  const outcomeTitle = useOutcomeTitle();
  const outcomeText = useOutcomeText(sold?.rate ?? null);

  // A new work opens a fresh form; the last one stays shown while the drawer slides out.
  useEffect(() => {
    if (!holding) return;
    setCurrent(holding);
    setConfirming(false);
    setBusy(false);
    setFailure(null);
    reset();
  }, [holding, reset]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const title = current ? localized(current.painting.title, language) : '';
  const quote = draft.quote.state === 'ready' ? draft.quote : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.check()) return;
    setFailure(null);
    setConfirming(true);
  };

  const confirm = async () => {
    if (!current || !quote) return;
    setBusy(true);
    let done: Sold;
    try {
      // Issue 26: parts leave the member: the wallet code (and the app's code when on), as a wallet purchase.
      const answer = await stepUp.confirm((proof) =>
        sellParts({
          total_part: quote.parts,
          painting_id: current.painting.id,
          price_per_part_minor: quote.unitPriceMinor,
          ...proof,
        }),
      );
      done = { outcome: orderOutcome(quote.parts, answer.data.trades), priceMinor: quote.unitPriceMinor, rate, title };
    } catch (error) {
      setBusy(false);
      setConfirming(false);
      if (!(error instanceof IdentityCheckCancelled)) setFailure(localized(errorText(error), language));
      return;
    }
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
                  thumbnail={{ size: 72 }}
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
              {book.data && (
                <Typography variant="body2" sx={{ color: palette.muted }} data-testid="sell-reference">
                  {t('portfolio.sell.reference')} <BookAmount minor={book.data.reference_price_minor} rate={rate} />
                </Typography>
              )}
              {book.isError && (
                <Alert severity="error" variant="outlined">
                  {localized(errorText(book.error), language)}
                </Alert>
              )}
              <OrderFields draft={draft} range={range} inHand={inHand} disabled={busy} testIdPrefix="sell" />
              <OrderQuoteSummary draft={draft} rate={rate} testIdPrefix="sell" />
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
                  disabled={busy || !book.data}
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
          <Typography sx={{ color: palette.muted, mb: 2 }}>
            {quote ? t('portfolio.sell.confirmText', { parts: formatPartsQuantity(quote.parts, language), title }) : ''}
          </Typography>
          <OrderQuoteSummary draft={draft} rate={rate} testIdPrefix="sell-confirm" />
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
            {sold ? outcomeTitle('ask', sold.outcome) : ''}
          </Typography>
          <Typography sx={{ color: palette.muted }} data-testid="sell-success-text" data-state={sold?.outcome.state}>
            {sold ? `${sold.title}. ${outcomeText('ask', sold.outcome, sold.priceMinor)}` : ''}
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
