import { Box, Button, Container, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { guestOnlyProps, useInDocument } from '../../document/document';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import type { HomeData } from '../catalogue/api';
import { mediaUrl } from '../catalogue/format';
import { HOME_HERO_SIZES } from '../catalogue/image-sources';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { PAGE_WIDTH } from '../layout/page-width';
import { useSession } from '../session/use-session';
import { palette } from '../theme/theme';

type Painting = HomeData['featured'][number];

/** The work shown in the hero: hung on the wall with its label, like in a gallery. */
function HeroWork({ painting, baseUrl }: { painting: Painting; baseUrl: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(painting.title, language);
  const ratio = painting.dimension.width / painting.dimension.height;
  return (
    <Box component="figure" sx={{ m: 0, mx: 'auto', width: '100%', maxWidth: ratio >= 1 ? 560 : 440 }}>
      <Box
        component={Link}
        to={paintingPath(painting)}
        sx={{
          display: 'block',
          p: { xs: 1.5, md: 2 },
          bgcolor: palette.paper,
          border: `1px solid ${palette.line}`,
          boxShadow: '0 30px 60px rgba(28, 27, 25, 0.12)',
        }}
        data-testid="home-hero-work"
      >
        <ArtworkImage
          src={mediaUrl(baseUrl, painting.cover_img)}
          alt={title}
          ratio={ratio}
          priority
          sizes={HOME_HERO_SIZES}
        />
      </Box>
      <Typography component="figcaption" variant="body2" sx={{ mt: 2, color: palette.muted, fontStyle: 'italic' }}>
        {t('home.heroCaption', { title, artist: painting.artist.name, year: painting.year })}
      </Typography>
    </Box>
  );
}

export function HomeHero({
  featured,
  baseUrl,
  loading,
}: {
  featured: Painting | undefined;
  baseUrl: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const inDocument = useInDocument();
  return (
    <Container maxWidth={false} sx={PAGE_WIDTH}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
          gap: { xs: 7, md: 10 },
          alignItems: 'center',
          py: { xs: 7, md: 12 },
        }}
      >
        <Box>
          <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
            {t('home.eyebrow')}
          </Typography>
          <Typography variant="h1" sx={{ mt: 2, mb: 3, maxWidth: 620 }}>
            {t('home.title')}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontSize: 17, maxWidth: 520, mb: 5 }}>
            {t('home.text')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button component={Link} to="/primary-market" variant="contained" size="large" data-testid="home-discover">
              {t('home.discover')}
            </Button>
            {!signedIn && (
              <Button component={Link} to="/connexion" variant="outlined" size="large" {...guestOnlyProps(inDocument)}>
                {t('home.join')}
              </Button>
            )}
          </Stack>
        </Box>
        {featured ? (
          <HeroWork painting={featured} baseUrl={baseUrl} />
        ) : (
          loading && (
            <Skeleton variant="rectangular" sx={{ width: '100%', maxWidth: 480, mx: 'auto', aspectRatio: '4 / 5' }} />
          )
        )}
      </Box>
    </Container>
  );
}
