import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Container, Skeleton, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useRetryProps } from '../../document/document';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { useArtistDetail } from '../catalogue/api';
import { formatAmount, lifeYears, mediaUrl } from '../catalogue/format';
import { ARTIST_PORTRAIT_SIZES } from '../catalogue/image-sources';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { useCurrency } from '../preferences/currency';
import { ApiError, errorText } from '../session/api-error';
import { fonts, palette } from '../theme/theme';
import { FigureLabel } from './ArtistCard';
import { ArtistMarket } from './ArtistMarket';
import { pageContainer } from './ArtistsScreen';
import { ArtistWorkCard } from './ArtistWorkCard';
import workStyles from './artist-work-card.module.css';
import { type ArtistDetail, baseAmount, formatIndex, indexIn, latestTurnover, recordOf } from './figures';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to="/artists"
      variant="text"
      startIcon={<ArrowBack fontSize="small" />}
      data-testid="artist-back"
      sx={{ px: 0, minHeight: 36, color: palette.muted, '&:hover': { bgcolor: 'transparent', color: palette.ink } }}
    >
      {t('artists.detail.back')}
    </Button>
  );
}

function KeyFigure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <FigureLabel>{label}</FigureLabel>
      <Typography
        component="dd"
        data-testid={testId}
        sx={{
          m: 0,
          mt: 1,
          fontFamily: fonts.display,
          fontSize: { xs: '1.9rem', md: '2.3rem' },
          lineHeight: 1.1,
          fontVariantNumeric: 'lining-nums tabular-nums',
        }}
      >
        {value}
      </Typography>
      {note && (
        <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, mt: 1 }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <Box sx={{ maxWidth: 720, mb: { xs: 5, md: 7 } }}>
      <Typography variant="h2" component="h2" id={id}>
        {title}
      </Typography>
      <Box sx={{ width: 56, height: '1px', bgcolor: palette.accent, my: 3 }} />
      {intro && <Typography variant="subtitle1">{intro}</Typography>}
    </Box>
  );
}

function Artist({ artist, baseUrl, currency }: { artist: ArtistDetail; baseUrl: string; currency: Currency }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const life = lifeYears(artist.life_dates, (year) => t('artists.born', { year }));
  const record = recordOf(artist);
  const turnover = latestTurnover(artist.turnover);
  const hundred = baseAmount(currency, language);
  const none = t('artists.figures.none');

  return (
    <>
      <Box
        component="section"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          gap: { xs: 5, md: 10 },
          alignItems: 'start',
        }}
      >
        <ArtworkImage
          src={mediaUrl(baseUrl, artist.img)}
          alt={artist.name}
          sizes={ARTIST_PORTRAIT_SIZES}
          ratio={1}
          priority
          sx={{ width: '100%', maxWidth: { xs: 420, md: 520 } }}
        />
        <Box>
          <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
            {t('artists.detail.eyebrow')}
          </Typography>
          <Typography variant="h1" data-testid="artist-name" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {artist.name}
          </Typography>
          {life && (
            <Typography
              data-testid="artist-life"
              sx={{ mt: 1.5, fontFamily: fonts.display, fontSize: '1.5rem', color: palette.muted }}
            >
              {life}
            </Typography>
          )}
          <Box sx={{ width: 56, height: '1px', bgcolor: palette.accent, my: 4 }} />
          <Typography
            data-testid="artist-bio"
            sx={{ fontSize: { xs: 16, md: 17 }, lineHeight: 1.8, maxWidth: 640, whiteSpace: 'pre-line' }}
          >
            {localized(artist.bio, language)}
          </Typography>

          <Box
            component="dl"
            aria-label={t('artists.detail.keyFigures')}
            sx={{
              m: 0,
              mt: { xs: 5, md: 7 },
              py: { xs: 3, md: 4 },
              borderTop: `1px solid ${palette.line}`,
              borderBottom: `1px solid ${palette.line}`,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
              gap: { xs: 3, sm: 4 },
            }}
          >
            <KeyFigure
              label={t('artists.figures.ic')}
              value={formatIndex(indexIn(artist, currency), language)}
              note={t('artists.figures.icExplanation', { amount: hundred })}
              testId="artist-ic"
            />
            <KeyFigure
              label={t('artists.figures.record')}
              value={record ? formatAmount(record, language) : none}
              testId="artist-record"
            />
            <KeyFigure
              label={
                turnover ? t('artists.figures.turnover', { year: turnover.year }) : t('artists.figures.turnoverNone')
              }
              value={turnover ? formatAmount(turnover.value, language) : none}
              testId="artist-turnover"
            />
          </Box>
        </Box>
      </Box>

      <Box component="section" sx={{ mt: { xs: 10, md: 16 } }} aria-labelledby="artist-market-title">
        <SectionHeading
          id="artist-market-title"
          title={t('artists.detail.marketTitle')}
          intro={t('artists.detail.marketIntro', { amount: hundred })}
        />
        <ArtistMarket artist={artist} currency={currency} />
      </Box>

      <Box component="section" sx={{ mt: { xs: 10, md: 16 } }} aria-labelledby="artist-works-title">
        <SectionHeading
          id="artist-works-title"
          title={t('artists.detail.worksTitle')}
          intro={t('artists.detail.worksIntro', { name: artist.name })}
        />
        {artist.paintings.length === 0 ? (
          <Typography color="text.secondary" data-testid="artist-no-works">
            {t('artists.detail.noWorks')}
          </Typography>
        ) : (
          <ul className={workStyles.grid}>
            {artist.paintings.map((painting) => (
              <li key={painting.id} className={workStyles.item}>
                <ArtistWorkCard painting={painting} baseUrl={baseUrl} />
              </li>
            ))}
          </ul>
        )}
      </Box>
    </>
  );
}

function DetailSkeleton() {
  return (
    <Box
      data-testid="artist-loading"
      aria-busy="true"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        gap: { xs: 5, md: 10 },
      }}
    >
      <Skeleton variant="rectangular" sx={{ width: '100%', maxWidth: 520, height: 'auto', aspectRatio: '1' }} />
      <Box>
        <Skeleton variant="text" sx={{ width: 80 }} />
        <Skeleton variant="text" sx={{ fontSize: '3.6rem', width: '75%' }} />
        <Skeleton variant="text" sx={{ fontSize: '1.5rem', width: 140 }} />
        <Skeleton variant="text" sx={{ mt: 4 }} />
        <Skeleton variant="text" />
        <Skeleton variant="text" sx={{ width: '60%' }} />
      </Box>
    </Box>
  );
}

/** /artists/details/:artistId: portrait, biography, key figures, market charts and works of one artist. */
export function ArtistDetailScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const artistId = useParams().artistId ?? '';
  const query = useArtistDetail(artistId, currency);
  const retry = useRetryProps(() => query.refetch());
  // Kept while the currency changes; never another artist's page while this one loads.
  const data = query.data?.artist.id === artistId ? query.data : undefined;
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  const title = notFound ? t('artists.detail.notFoundTitle') : (data?.artist.name ?? t('artists.detail.eyebrow'));
  usePageMeta(title, data ? t('artists.detail.metaDescription', { name: data.artist.name }) : undefined);

  let content: ReactNode;
  if (notFound) {
    content = (
      <Box data-testid="artist-not-found" sx={{ py: { xs: 7, md: 11 }, maxWidth: 640 }}>
        <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
          404
        </Typography>
        <Typography variant="h1" sx={{ mt: 1.5, mb: 3 }}>
          {localized(errorText(query.error), language)}
        </Typography>
        <Box sx={{ width: 56, height: '1px', bgcolor: palette.accent, mb: 3 }} />
        <Typography variant="subtitle1" sx={{ mb: 5 }}>
          {t('artists.detail.notFoundText')}
        </Typography>
        <Button component={Link} to="/artists" variant="outlined">
          {t('artists.detail.back')}
        </Button>
      </Box>
    );
  } else if (query.isError && !data) {
    content = (
      <Alert
        severity="error"
        data-testid="artist-error"
        action={
          <Button color="inherit" size="small" {...retry}>
            {t('artists.error.retry')}
          </Button>
        }
      >
        <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
          {t('artists.detail.errorTitle')}
        </Typography>
        {localized(errorText(query.error), language)}
      </Alert>
    );
  } else if (!data) {
    content = <DetailSkeleton />;
  } else {
    content = <Artist artist={data.artist} baseUrl={data.base_url} currency={currency} />;
  }

  return (
    <Container maxWidth={false} sx={pageContainer}>
      <Box data-testid="artist-screen" sx={{ pt: { xs: 3, md: 5 }, pb: { xs: 10, md: 16 } }}>
        {!notFound && (
          <Box sx={{ mb: { xs: 3, md: 6 } }}>
            <BackLink />
          </Box>
        )}
        {content}
      </Box>
    </Container>
  );
}
