import { Alert, Box, Paper, Skeleton, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { fonts, palette } from '../theme/theme';
import { portfolioQuery } from './api';
import { PartsText } from './PartsText';

type CardKey = 'quantity' | 'total' | 'dividend' | 'credit';

const CARDS: readonly CardKey[] = ['quantity', 'total', 'dividend', 'credit'];

/** Spec §2 Portfolio, §3 Portfolio summary: parts held (with cm²), their value, dividends received, the wallet. */
export function SummaryCards({ currency, enabled }: { currency: Currency; enabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery({ ...portfolioQuery(currency), enabled });
  const summary = query.data;

  if (query.isError && !summary) {
    return (
      <Alert severity="error" variant="outlined" data-testid="portfolio-summary-error">
        {localized(errorText(query.error), language)}
      </Alert>
    );
  }

  const value = (key: CardKey): ReactNode => {
    if (!summary) return '';
    switch (key) {
      case 'quantity':
        return <PartsText parts={summary.quantity} language={language} surfaceSize={14} />;
      case 'total':
        return formatAmount(summary.total, language);
      case 'dividend':
        return formatAmount(summary.dividend, language);
      case 'credit':
        return formatAmount(summary.total_credit, language);
    }
  };

  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {CARDS.map((key, index) => (
        <Paper
          key={key}
          variant="outlined"
          data-testid={`portfolio-card-${key}`}
          sx={{
            p: { xs: 2.5, md: 3 },
            borderColor: index === 0 ? palette.ink : palette.line,
            bgcolor: index === 0 ? palette.ink : 'background.paper',
            color: index === 0 ? palette.paper : palette.ink,
            minWidth: 0,
          }}
        >
          <Typography
            component="dt"
            variant="overline"
            sx={{ display: 'block', color: index === 0 ? 'rgba(251, 249, 245, 0.7)' : palette.muted }}
          >
            {t(`portfolio.cards.${key}`)}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              mt: 1,
              fontFamily: fonts.display,
              fontSize: { xs: 30, md: 32 },
              lineHeight: 1.15,
              fontVariantNumeric: 'lining-nums tabular-nums',
              overflowWrap: 'anywhere',
            }}
            data-testid={`portfolio-card-${key}-value`}
            aria-busy={!summary}
          >
            {summary ? value(key) : <Skeleton variant="text" width="70%" />}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
