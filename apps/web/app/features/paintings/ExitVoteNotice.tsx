import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { formatDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatMoney } from '@parcelle/shared/money';
import { useTranslation } from 'react-i18next';
import { palette } from '../theme/theme';

/**
 * Issue 31: a vote under way on an offer to buy the whole work, told to holders and visitors on its page — the
 * offer, the latest appraisal beside it, the deadline — and what trading does meanwhile (it stays open: decision 262).
 */
export function ExitVoteNotice({ vote, language }: { vote: TPaintingDetail['exit_vote']; language: Language }) {
  const { t } = useTranslation();
  if (!vote) return null;
  const money = (minor: number) => formatMoney(minor, vote.currency, language);
  const rows: Array<[string, string, string]> = [
    ['offer', t('paintings.exitVote.offer'), money(vote.offer_minor)],
    [
      'appraisal',
      t('paintings.exitVote.appraisal'),
      vote.appraisal_minor === null ? t('paintings.exitVote.noAppraisal') : money(vote.appraisal_minor),
    ],
    ['closes', t('paintings.exitVote.closes'), formatDate(vote.vote_closes_at, language)],
  ];
  return (
    <Alert severity="info" variant="outlined" icon={false} sx={{ mt: 4 }} data-testid="painting-exit-vote">
      <AlertTitle sx={{ fontWeight: 500 }}>{t('paintings.exitVote.title')}</AlertTitle>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0 } }}
      >
        {rows.map(([key, label, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: palette.muted }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              data-testid={`painting-exit-vote-${key}`}
              sx={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        {t('paintings.exitVote.trading')}
      </Typography>
    </Alert>
  );
}
