import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../feedback/toast';
import { failureText } from '../history/api';
import { localized, useLanguage } from '../i18n/language';
import { palette } from '../theme/theme';
import { statementYears, yearlyStatementQuery } from './api';

type Format = 'pdf' | 'csv';
type Kind = 'yearly' | 'annual';

/**
 * The yearly statement (issue 17): the member picks a year and downloads its PDF or CSV. As the history's
 * statements, the server answers signed links needing no token, and the chosen file opens in a new window.
 */
export function YearlyStatement({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const years = statementYears();
  const [year, setYear] = useState(years[0] ?? new Date().getUTCFullYear());
  const [busy, setBusy] = useState<`${Kind}-${Format}` | null>(null);
  const titleId = 'portfolio-statement-title';

  const download = async (kind: Kind, format: Format) => {
    setBusy(`${kind}-${format}`);
    try {
      const links = await queryClient.fetchQuery(yearlyStatementQuery(year, currency, kind));
      window.open(format === 'pdf' ? links.download_url : links.csv_url, '_blank', 'noopener');
    } catch (error) {
      toast(localized(failureText(error), language), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="portfolio-statement"
      sx={{ borderColor: palette.line, p: { xs: 2.5, md: 4 } }}
    >
      <Typography variant="h5" component="h2" id={titleId}>
        {t('portfolio.statement.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted, mt: 0.5, mb: 3, maxWidth: 640 }}>
        {t('portfolio.statement.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('portfolio.statement.year')}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          sx={{ minWidth: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'statement-year' } }}
        >
          {years.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1}>
          {(['pdf', 'csv'] as const).map((format) => (
            <Button
              key={format}
              variant="outlined"
              startIcon={<DownloadOutlined />}
              loading={busy === `yearly-${format}`}
              disabled={busy !== null && busy !== `yearly-${format}`}
              onClick={() => void download('yearly', format)}
              aria-label={t(`portfolio.statement.${format}Label`, { year })}
              data-testid={`statement-download-${format}`}
            >
              {t(`portfolio.statement.${format}`)}
            </Button>
          ))}
        </Stack>
      </Stack>
      {/* The annual statement of holdings (issue 30): the biens divers statement, for the same year. */}
      <Typography variant="h6" component="h3" sx={{ mt: 4 }}>
        {t('portfolio.statement.annual')}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted, mt: 0.5, mb: 2, maxWidth: 640 }}>
        {t('portfolio.statement.annualIntro')}
      </Typography>
      <Stack direction="row" spacing={1}>
        {(['pdf', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={<DownloadOutlined />}
            loading={busy === `annual-${format}`}
            disabled={busy !== null && busy !== `annual-${format}`}
            onClick={() => void download('annual', format)}
            aria-label={t(
              format === 'pdf' ? 'portfolio.statement.annualPdfLabel' : 'portfolio.statement.annualCsvLabel',
              {
                year,
              },
            )}
            data-testid={`annual-statement-download-${format}`}
          >
            {t(`portfolio.statement.${format}`)}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}
