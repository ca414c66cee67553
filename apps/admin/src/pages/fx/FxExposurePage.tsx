import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CURRENCIES, type Currency } from '@parcelle/shared/constants';
import type { ZFxExposure, ZFxSettlement } from '@parcelle/shared/contracts/admin-money';
import { messages } from '@parcelle/shared/i18n/messages';
import { formatNumber, fromMajorString } from '@parcelle/shared/money';
import { useGetLocale, useNotification, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { MoneyFacts } from '../../components/MoneyFacts';
import { dateText, dateTimeText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { settlementProblem } from './fx-rules';

type Exposure = z.infer<typeof ZFxExposure>;
type Settlement = z.infer<typeof ZFxSettlement>;

const code = (currency: Currency) => (currency === 'EURO' ? 'EUR' : currency);
const other = (currency: Currency): Currency => CURRENCIES.find((each) => each !== currency) ?? currency;

function amountOf(text: string): number | null {
  if (!text.trim()) return null;
  try {
    return fromMajorString(text);
  } catch {
    return Number.NaN;
  }
}

/** How many units of the currency bought one unit of the currency sold fetched, 4 decimals (informative). */
function rateText(soldMinor: number, boughtMinor: number, language: Language): string {
  if (!(soldMinor > 0) || !(boughtMinor > 0)) return '—';
  return formatNumber(boughtMinor / soldMinor, language, { minimumFractionDigits: 4, maximumFractionDigits: 4 });
}

/** An exchange result in words: "gain of $3.00", "loss of $10.00", "none". */
function resultWords(
  minor: number,
  currency: Currency,
  language: Language,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (minor === 0) return translate('fx.resultNone');
  return translate(minor > 0 ? 'fx.gain' : 'fx.loss', { amount: moneyText(Math.abs(minor), currency, language) });
}

/** Euros first, as the platform's base currency. */
const euroFirst = (a: { currency: Currency }, b: { currency: Currency }) =>
  Number(b.currency === 'EURO') - Number(a.currency === 'EURO');

/** The open position per currency: held (to sell), owed (to buy) or closed, exact from the ledger. */
function Positions({ exposure, language }: { exposure: Exposure; language: Language }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {[...exposure.positions].sort(euroFirst).map((position) => (
        <Paper key={position.currency} sx={{ p: 2.5 }} data-testid={`fx-position-${position.currency}`}>
          <Typography variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
            {translate('fx.positionIn', { currency: code(position.currency) })}
          </Typography>
          <Typography sx={{ fontSize: 28, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {moneyText(Math.abs(position.position_minor), position.currency, language)}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{translate(`fx.side.${position.side}`)}</Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** Records the bank's exchange: what was sold and bought, the bank's reference and value date, then a confirmation. */
function SettlementForm({ exposure, onDone }: { exposure: Exposure; onDone: () => void }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { open } = useNotification();
  const held = exposure.positions.find((position) => position.side === 'sell')?.currency ?? 'EURO';
  const [sold, setSold] = useState<Currency>(held);
  const [soldText, setSoldText] = useState('');
  const [boughtText, setBoughtText] = useState('');
  const [reference, setReference] = useState('');
  const [day, setDay] = useState(new Date().toISOString().slice(0, 10));
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [close, setClose] = useState(false);
  const bought = other(sold);
  const soldMinor = amountOf(soldText);
  const boughtMinor = amountOf(boughtText);
  const positionOf = (currency: Currency) =>
    exposure.positions.find((position) => position.currency === currency)?.position_minor ?? 0;
  const check = settlementProblem({
    soldMinor,
    boughtMinor,
    heldMinor: positionOf(sold),
    owedMinor: -positionOf(bought),
    bankReference: reference,
    settledOn: day,
    today: new Date().toISOString().slice(0, 10),
    close,
  });
  const body = {
    sold_currency: sold,
    sold_minor: soldMinor ?? 0,
    bought_currency: bought,
    bought_minor: boughtMinor ?? 0,
    bank_reference: reference.trim(),
    settled_on: day,
    close_position: close,
  };
  const resultMinor = close ? body.bought_minor + positionOf(bought) : 0;
  const record = async () => {
    setSending(true);
    setProblem(null);
    try {
      await apiCall<Settlement>('/admin/fx/settlements', { method: 'POST', body });
      open?.({ type: 'success', message: messages.FxSettlementRecorded[language] });
      setConfirming(false);
      setSoldText('');
      setBoughtText('');
      setReference('');
      setClose(false);
      onDone();
    } catch (error) {
      setConfirming(false);
      setProblem(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  /** A position as an amount and what is left to do with it ("€634.56 to sell", "$797.26 to buy", "closed"). */
  const positionText = (minor: number, currency: Currency) =>
    minor === 0
      ? translate('fx.sideShort.none')
      : translate(`fx.sideShort.${minor > 0 ? 'sell' : 'buy'}`, {
          amount: moneyText(Math.abs(minor), currency, language),
        });
  const resultText = (minor: number, currency: Currency) => resultWords(minor, currency, language, translate);
  const fieldError = (field: string) => (check?.field === field ? messages[check.key][language] : undefined);
  const tried = problem !== null || confirming;
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="fx-settle-title">
      <Typography id="fx-settle-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {translate('fx.settleTitle')}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{translate('fx.settleIntro')}</Typography>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          if (check) {
            setProblem(messages[check.key][language]);
            return;
          }
          setConfirming(true);
        }}
      >
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          <TextField
            select
            label={translate('fx.soldCurrency')}
            value={sold}
            onChange={(event) => setSold(event.target.value as Currency)}
            sx={{ width: 180 }}
          >
            {CURRENCIES.map((currency) => (
              <MenuItem key={currency} value={currency}>
                {code(currency)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('fx.soldAmount', { currency: code(sold) })}
            required
            value={soldText}
            onChange={(event) => setSoldText(event.target.value)}
            error={tried && Boolean(fieldError('sold_minor'))}
            helperText={
              (tried && fieldError('sold_minor')) ||
              translate('fx.atMost', { amount: moneyText(Math.max(0, positionOf(sold)), sold, language) })
            }
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1, minWidth: 220 }}
          />
          <TextField
            label={translate('fx.boughtAmount', { currency: code(bought) })}
            required
            value={boughtText}
            onChange={(event) => setBoughtText(event.target.value)}
            error={tried && Boolean(fieldError('bought_minor'))}
            helperText={
              (tried && fieldError('bought_minor')) ||
              translate('fx.atMost', { amount: moneyText(Math.max(0, -positionOf(bought)), bought, language) })
            }
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1, minWidth: 220 }}
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          <TextField
            label={translate('fx.bankReference')}
            required
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            error={tried && Boolean(fieldError('bank_reference'))}
            sx={{ flex: 1, minWidth: 220 }}
          />
          <TextField
            label={translate('fx.settledOn')}
            required
            type="date"
            value={day}
            onChange={(event) => setDay(event.target.value)}
            error={tried && Boolean(fieldError('settled_on'))}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 220 }}
          />
        </Stack>
        <FormControlLabel
          control={<Checkbox checked={close} onChange={(event) => setClose(event.target.checked)} />}
          label={
            <>
              {translate('fx.close')}
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                {translate('fx.closeHelp')}
              </Typography>
            </>
          }
        />
        <div>
          <Button type="submit" variant="contained">
            {translate('fx.settle')}
          </Button>
        </div>
      </Stack>
      {confirming && (
        <Dialog open onClose={() => setConfirming(false)} aria-labelledby="fx-confirm-title" fullWidth maxWidth="sm">
          <DialogTitle id="fx-confirm-title">{translate('fx.confirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('fx.confirmText')}</DialogContentText>
            <MoneyFacts
              facts={[
                [translate('fx.sold'), moneyText(body.sold_minor, sold, language)],
                [translate('fx.bought'), moneyText(body.bought_minor, bought, language)],
                [
                  translate('fx.rate'),
                  `1 ${code(sold)} = ${rateText(body.sold_minor, body.bought_minor, language)} ${code(bought)}`,
                ],
                [translate('fx.bankReference'), body.bank_reference],
                [translate('fx.settledOn'), dateText(`${day}T00:00:00Z`, language)],
                ...(close ? [[translate('fx.result'), resultText(resultMinor, bought)] as [string, string]] : []),
                [
                  translate('fx.positionAfter', { currency: code(sold) }),
                  positionText(positionOf(sold) - body.sold_minor, sold),
                ],
                [
                  translate('fx.positionAfter', { currency: code(bought) }),
                  positionText(positionOf(bought) + body.bought_minor - resultMinor, bought),
                ],
              ]}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>{translate('fx.cancel')}</Button>
            <Button variant="contained" onClick={() => void record()} disabled={sending} autoFocus>
              {translate('fx.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}

function Settlements({ settlements, language }: { settlements: Settlement[]; language: Language }) {
  const translate = useTranslate();
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="fx-history-title">
      <Typography id="fx-history-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {translate('fx.historyTitle')}
      </Typography>
      {settlements.length === 0 ? (
        <Typography>{translate('fx.none')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('fx.historyTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('fx.settledOn')}</TableCell>
              <TableCell>{translate('fx.bankReference')}</TableCell>
              <TableCell align="right">{translate('fx.sold')}</TableCell>
              <TableCell align="right">{translate('fx.bought')}</TableCell>
              <TableCell align="right">{translate('fx.rate')}</TableCell>
              <TableCell>{translate('fx.result')}</TableCell>
              <TableCell>{translate('fx.recordedBy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {settlements.map((settlement) => (
              <TableRow key={settlement.id}>
                <TableCell>{dateText(`${settlement.settled_on}T00:00:00Z`, language)}</TableCell>
                <TableCell>{settlement.bank_reference}</TableCell>
                <TableCell align="right">{moneyText(settlement.sold_minor, settlement.sold.curr, language)}</TableCell>
                <TableCell align="right">
                  {moneyText(settlement.bought_minor, settlement.bought.curr, language)}
                </TableCell>
                <TableCell align="right">
                  {rateText(settlement.sold_minor, settlement.bought_minor, language)}
                </TableCell>
                <TableCell>
                  {settlement.closed
                    ? resultWords(settlement.result_minor, settlement.bought.curr, language, translate)
                    : translate('fx.notClosed')}
                </TableCell>
                <TableCell>
                  {settlement.recorded_by.email}
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {dateTimeText(settlement.created_at, language)}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/**
 * /fx: Parcelle's exchange exposure (issue 32). Members paid in the other currency leave an open position in the
 * `fx_clearing` accounts; finance sees it per currency and records the bank's exchange that settles it.
 */
export function FxExposurePage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const query = useQuery({ queryKey: ['admin', 'fx'], queryFn: () => apiCall<Exposure>('/admin/fx') });
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Typography variant="h1" component="h1">
        {translate('fx.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 820 }}>{translate('fx.intro')}</Typography>
      {query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : !query.data ? (
        <CircularProgress aria-label={translate('fx.loading')} />
      ) : (
        <>
          <Positions exposure={query.data} language={language} />
          <SettlementForm exposure={query.data} onDone={() => void query.refetch()} />
          <Settlements settlements={query.data.settlements} language={language} />
        </>
      )}
    </Stack>
  );
}
