import { Box, Button, FormControl, InputLabel, MenuItem, Select, Stack, TextField, Typography } from '@mui/material';
import { CURRENCIES, type Currency } from '@parcelle/shared/constants';
import {
  PRICE_ALERT_DIRECTIONS,
  type PriceAlertDirection,
  type TWatchedWork,
} from '@parcelle/shared/contracts/notifications';
import { formatDate } from '@parcelle/shared/dates';
import { formatMoney, fromMajorString } from '@parcelle/shared/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../feedback/toast';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { removePriceAlert, setPriceAlert, unwatchWork, WATCHLIST_KEY, watchlistQuery } from './api';

const CURRENCY_LABEL: Record<Currency, string> = { EURO: 'EUR (€)', USD: 'USD ($)' };

/** The amount typed (12.50 or 12,50) as minor units, or null when it is not a positive amount. */
function amountMinor(text: string): number | null {
  try {
    const minor = fromMajorString(text.replace(',', '.'));
    return minor > 0 ? minor : null;
  } catch {
    return null;
  }
}

function WatchedWork({ work }: { work: TWatchedWork }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const displayCurrency = useCurrency();
  const toast = useToast();
  const queryClient = useQueryClient();
  const title = language === 'fr' ? work.title_fr : work.title_en;
  const waiting = work.alert && !work.alert.triggered_at ? work.alert : null;
  const [direction, setDirection] = useState<PriceAlertDirection>(waiting?.direction ?? 'above');
  const [currency, setCurrency] = useState<Currency>(waiting?.currency ?? displayCurrency);
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const refresh = (answer: { message: { en: string; fr: string } }) => {
    toast(localized(answer.message, language), 'success');
    return queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY });
  };
  const onError = (error: unknown) => toast(errorText(error)[language], 'error');
  const save = useMutation({
    mutationFn: (threshold: number) =>
      setPriceAlert(work.painting_id, { direction, threshold_minor: threshold, currency }),
    onSuccess: (answer) => {
      setAmount('');
      return refresh(answer);
    },
    onError,
  });
  const remove = useMutation({ mutationFn: () => removePriceAlert(work.painting_id), onSuccess: refresh, onError });
  const unwatch = useMutation({ mutationFn: () => unwatchWork(work.painting_id), onSuccess: refresh, onError });
  const value = work.part_value_minor[currency];
  const id = `alert-${work.painting_id}`;
  const directionWord = (d: PriceAlertDirection) => t(`watchlist.alert.${d}`).toLocaleLowerCase(language);

  return (
    <Box component="li" data-testid="watched-work" sx={{ py: 4, borderBottom: `1px solid ${palette.line}` }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        <Box component={Link} to={`/primary-market/details/${work.painting_id}`} sx={{ color: 'inherit' }}>
          {title}
        </Box>
      </Typography>
      <Typography sx={{ color: palette.muted, mb: 2 }}>
        {t('watchlist.partValue')}
        {language === 'fr' ? '\u00a0: ' : ': '}
        {value === null ? t('watchlist.unavailable') : formatMoney(value, currency, language)}
      </Typography>
      {work.alert && (
        <Typography sx={{ mb: 2 }} data-testid="alert-state">
          {work.alert.triggered_at
            ? t('watchlist.alert.triggered', {
                date: formatDate(work.alert.triggered_at, language),
                direction: directionWord(work.alert.direction as PriceAlertDirection),
                amount: formatMoney(work.alert.threshold_minor, work.alert.currency, language),
              })
            : t('watchlist.alert.waiting', {
                direction: directionWord(work.alert.direction as PriceAlertDirection),
                amount: formatMoney(work.alert.threshold_minor, work.alert.currency, language),
              })}
        </Typography>
      )}
      <Box
        component="form"
        noValidate
        aria-label={t('watchlist.alert.legend', { title })}
        onSubmit={(event) => {
          event.preventDefault();
          const threshold = amountMinor(amount);
          setInvalid(threshold === null);
          if (threshold !== null) save.mutate(threshold);
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
          <FormControl size="small" sx={{ minWidth: 150 }}>
            <InputLabel id={`${id}-direction-label`}>{t('watchlist.alert.direction')}</InputLabel>
            <Select
              labelId={`${id}-direction-label`}
              label={t('watchlist.alert.direction')}
              value={direction}
              onChange={(event) => setDirection(event.target.value as PriceAlertDirection)}
              data-testid="alert-direction"
            >
              {PRICE_ALERT_DIRECTIONS.map((d) => (
                <MenuItem key={d} value={d}>
                  {t(`watchlist.alert.${d}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField
            size="small"
            id={`${id}-amount`}
            label={t('watchlist.alert.amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={invalid}
            helperText={invalid ? t('watchlist.alert.invalidAmount') : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'alert-amount' } }}
          />
          <FormControl size="small" sx={{ minWidth: 120 }}>
            <InputLabel id={`${id}-currency-label`}>{t('watchlist.alert.currency')}</InputLabel>
            <Select
              labelId={`${id}-currency-label`}
              label={t('watchlist.alert.currency')}
              value={currency}
              onChange={(event) => setCurrency(event.target.value as Currency)}
            >
              {CURRENCIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {CURRENCY_LABEL[c]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button type="submit" variant="outlined" disabled={save.isPending} data-testid="alert-save">
            {t('watchlist.alert.save')}
          </Button>
        </Stack>
      </Box>
      <Stack direction="row" sx={{ gap: 2, mt: 2, flexWrap: 'wrap' }}>
        {waiting && (
          <Button size="small" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t('watchlist.alert.remove')}
          </Button>
        )}
        <Button size="small" onClick={() => unwatch.mutate()} disabled={unwatch.isPending} data-testid="unwatch">
          {t('watchlist.unwatch')}
        </Button>
      </Stack>
    </Box>
  );
}

/** /user/watchlist (issue 17): the watched works, each with the value of a part and its price alert. */
export function WatchlistScreen() {
  const { t } = useTranslation();
  usePageMeta(t('watchlist.title'), t('watchlist.metaDescription'));
  const list = useQuery(watchlistQuery);
  return (
    <Box data-testid="watchlist-screen">
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('watchlist.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 4, maxWidth: 640 }}>
        {t('watchlist.intro')}
      </Typography>
      {list.data && list.data.works.length === 0 && (
        <Typography sx={{ color: palette.muted }} data-testid="watchlist-empty">
          {t('watchlist.empty')}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-busy={list.isPending}>
        {list.data?.works.map((work) => (
          <WatchedWork key={work.painting_id} work={work} />
        ))}
      </Box>
    </Box>
  );
}
