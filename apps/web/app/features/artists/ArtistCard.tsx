import { Box, Skeleton, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, formatCount, lifeYears, mediaUrl } from '../catalogue/format';
import { useLanguage } from '../i18n/language';
import { fonts, palette } from '../theme/theme';
import workStyles from './artist-work-card.module.css';
import { type Artist, formatIndex, indexIn, recordOf } from './figures';

/** Portrait widths of the wall: one column on phones, two on tablets, three from md. */
export const CARD_SIZES = '(max-width: 599px) 120px, (max-width: 899px) 45vw, 400px';

/** A small label above a figure, in the quiet caps of a gallery caption. */
export function FigureLabel({ children }: { children: ReactNode }) {
  return <dt className={workStyles.label}>{children}</dt>;
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box
      sx={{
        minWidth: 0,
        display: { xs: 'flex', sm: 'block' },
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 1.5,
      }}
    >
      <FigureLabel>{label}</FigureLabel>
      <Typography
        component="dd"
        data-testid={testId}
        sx={{
          m: 0,
          mt: { xs: 0, sm: 0.5 },
          fontSize: { xs: '0.9rem', sm: '0.95rem' },
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

const cardGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '120px minmax(0, 1fr)', sm: '1fr' },
  columnGap: 2.5,
  alignItems: 'start',
} as const;

type Props = { artist: Artist; baseUrl: string; currency: Currency; priority?: boolean };

/** One artist on the wall of /artists: portrait, name, life years and three figures; links to the artist. */
export function ArtistCard({ artist, baseUrl, currency, priority = false }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const life = lifeYears(artist.life_dates, (year) => t('artists.born', { year }));
  const record = recordOf(artist);
  return (
    <Box
      component={Link}
      to={`/artists/details/${encodeURIComponent(artist.id)}`}
      data-testid="artist-card"
      data-artist-id={artist.id}
      sx={{
        ...cardGrid,
        color: 'inherit',
        textDecoration: 'none',
        outlineOffset: 6,
        '& img': { transition: 'transform 600ms ease' },
        '&:hover img': { transform: 'scale(1.03)' },
        '&:hover .artist-card-name': { color: palette.accentDark },
      }}
    >
      <ArtworkImage
        src={mediaUrl(baseUrl, artist.img)}
        alt={artist.name}
        sizes={CARD_SIZES}
        ratio={1}
        priority={priority}
      />
      <Box sx={{ pt: { xs: 0, sm: 2.5 } }}>
        <Typography
          component="h2"
          variant="h4"
          className="artist-card-name"
          data-testid="artist-card-name"
          sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, transition: 'color 200ms ease' }}
        >
          {artist.name}
        </Typography>
        {life && (
          <Typography variant="body2" color="text.secondary" data-testid="artist-card-life" sx={{ mt: 0.5 }}>
            {life}
          </Typography>
        )}
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: { xs: 1.5, sm: 2 },
            pt: { xs: 1.5, sm: 2 },
            borderTop: `1px solid ${palette.line}`,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '0.8fr 1.3fr 0.6fr' },
            gap: { xs: 0.75, sm: 2 },
            fontFamily: fonts.text,
          }}
        >
          <Figure
            label={t('artists.figures.icShort')}
            value={formatIndex(indexIn(artist, currency), language)}
            testId="artist-card-ic"
          />
          <Figure
            label={t('artists.figures.record')}
            value={record ? formatAmount(record, language) : t('artists.figures.none')}
            testId="artist-card-record"
          />
          <Figure
            label={t('artists.figures.works')}
            value={formatCount(artist.paintings_count, language)}
            testId="artist-card-works"
          />
        </Box>
      </Box>
    </Box>
  );
}

/** The shape of a card while the page loads. */
export function ArtistCardSkeleton() {
  return (
    <Box sx={cardGrid} aria-hidden="true">
      <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '1' }} />
      <Box sx={{ pt: { xs: 0, sm: 2.5 } }}>
        <Skeleton variant="text" sx={{ fontSize: '1.6rem', width: '70%' }} />
        <Skeleton variant="text" sx={{ width: '35%' }} />
        <Skeleton variant="text" sx={{ mt: 2, width: '90%' }} />
      </Box>
    </Box>
  );
}
