import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MARKET_MODES, type MarketMode, type TMarketSettings } from '@parcelle/shared/contracts/orderbook';
import { messages } from '@parcelle/shared/i18n/messages';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { apiCall } from '../../api/client';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';

/**
 * /market (issue 17): the secondary market's settings — the bounds of ask and bid prices around a work's part price,
 * and whether orders are matched automatically or rest on a bulletin board (EU 2020/1503 art. 25). Audited by the API.
 */
export function MarketSettingsPage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const query = useQuery({
    queryKey: ['admin-market-settings'],
    queryFn: () => apiCall<TMarketSettings>('/admin/market-settings'),
  });
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [mode, setMode] = useState<MarketMode>('matching');
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!query.data) return;
    setMin(String(query.data.min_percent));
    setMax(String(query.data.max_percent));
    setMode(query.data.mode);
  }, [query.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaved(false);
    setProblem(null);
    try {
      const answer = await apiCall<TMarketSettings>('/admin/market-settings', {
        method: 'PATCH',
        body: { min_percent: Number(min), max_percent: Number(max), mode },
      });
      setMin(String(answer.min_percent));
      setMax(String(answer.max_percent));
      setMode(answer.mode);
      setSaved(true);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h1" component="h1">
        {translate('market.title')}
      </Typography>
      {saved && (
        <Alert severity="success" role="status">
          {messages.MarketSettingsSaved[language]}
        </Alert>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      {query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : !query.data ? (
        <CircularProgress aria-label={translate('market.loading')} />
      ) : (
        <Paper sx={{ p: 3 }} component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            <Typography>{translate('market.intro')}</Typography>
            <TextField
              label={translate('market.minPercent')}
              value={min}
              onChange={(event) => setMin(event.target.value.replace(/\D/g, ''))}
              helperText={translate('market.minHelp')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label={translate('market.maxPercent')}
              value={max}
              onChange={(event) => setMax(event.target.value.replace(/\D/g, ''))}
              helperText={translate('market.maxHelp')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <div>
              <FormLabel id="market-mode-label">{translate('market.mode')}</FormLabel>
              <RadioGroup
                aria-labelledby="market-mode-label"
                value={mode}
                onChange={(event) => setMode(event.target.value as MarketMode)}
              >
                {MARKET_MODES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={translate(`market.modes.${value}`)}
                  />
                ))}
              </RadioGroup>
            </div>
            <div>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('market.save')}
              </Button>
            </div>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
