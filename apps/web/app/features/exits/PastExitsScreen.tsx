import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { formatDate } from '@parcelle/shared/dates';
import { MARKET } from '@parcelle/shared/market';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRetryProps } from '../../document/document';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { PageContainer } from '../layout/PageContainer';
import { usePageMeta } from '../layout/use-page-meta';
import { palette } from '../theme/theme';
import { pastExitsQuery } from './api';
import { formatBps } from './format';

/**
 * /exits (issue 17): the works sold by a vote of their co-owners, most recent first, each with its sale price, its
 * first sale price and the total return for the co-owners between the two. Rendered on the server (routes/exits.tsx).
 */
export function PastExitsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery(pastExitsQuery);
  const retry = useRetryProps(() => query.refetch());
  usePageMeta(t('exits.past.title'), t('exits.past.metaDescription'));
  const exits = query.data?.exits ?? [];
  const baseUrl = query.data?.base_url ?? '';
  return (
    <PageContainer>
      <Box data-testid="past-exits-screen" sx={{ pt: { xs: 6, md: 9 }, pb: { xs: 10, md: 16 } }}>
        <Box component="header" sx={{ mb: { xs: 6, md: 9 }, maxWidth: 760 }}>
          <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
            {t('exits.past.eyebrow')}
          </Typography>
          <Typography variant="h1" sx={{ mt: 1.5, mb: 3 }}>
            {t('exits.past.title')}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontSize: { xs: 16, md: 17 } }}>
            {t('exits.past.intro')}
          </Typography>
        </Box>
        {query.isError && !query.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" {...retry}>
                {t('exits.past.retry')}
              </Button>
            }
          >
            {t('exits.past.error')}
          </Alert>
        ) : query.data && exits.length === 0 ? (
          <Typography data-testid="past-exits-empty" sx={{ color: palette.muted }}>
            {t('exits.past.empty')}
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('exits.past.listLabel')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', rowGap: { xs: 6, md: 9 } }}
          >
            {exits.map((exit) => {
              const title = localized(exit.painting.title, language);
              return (
                <Box
                  component="li"
                  key={exit.reference}
                  data-testid="past-exit"
                  data-reference={exit.reference}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
                    columnGap: 8,
                    rowGap: 3,
                    alignItems: 'center',
                  }}
                >
                  <ArtworkImage
                    src={mediaUrl(baseUrl, exit.painting.img)}
                    alt=""
                    sizes="(max-width: 899px) 100vw, 480px"
                    sx={{ border: `1px solid ${palette.line}` }}
                  />
                  <Box>
                    <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                      <Link
                        component={RouterLink}
                        to={paintingPath({ id: exit.painting.id, market: MARKET.sold })}
                        color="inherit"
                        underline="hover"
                      >
                        {title}
                      </Link>
                    </Typography>
                    <Typography sx={{ color: palette.muted, mb: 3 }}>
                      {t('exits.past.byArtist', { artist: exit.painting.artist })} ·{' '}
                      {t('exits.past.soldOn', { date: formatDate(exit.sold_at, language) })}
                    </Typography>
                    <Box
                      component="dl"
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                        gap: 3,
                        m: 0,
                        '& dt': { color: palette.muted, fontSize: 14 },
                        '& dd': { m: 0, mt: 0.5, fontSize: 20 },
                      }}
                    >
                      <div>
                        <dt>{t('exits.past.offer')}</dt>
                        <dd data-testid="past-exit-offer">{formatAmount(exit.offer, language)}</dd>
                      </div>
                      <div>
                        <dt>{t('exits.past.firstSale')}</dt>
                        <dd>{formatAmount(exit.first_sale, language)}</dd>
                      </div>
                      <div>
                        <dt>{t('exits.past.return')}</dt>
                        <dd data-testid="past-exit-return">{formatBps(exit.return_bps, language, true)}</dd>
                      </div>
                    </Box>
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </PageContainer>
  );
}
