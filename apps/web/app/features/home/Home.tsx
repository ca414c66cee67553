import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../layout/use-document-title';
import { useSession } from '../session/use-session';
import { palette } from '../theme/theme';

/** A framed "canvas" of nine parts, echoing how a painting is divided (spec §1). */
function Canvas() {
  const tones = ['#D9C9B0', '#C8B08D', '#E7DCCB', '#B99A70', '#8C6A43', '#D2BFA2', '#E4D6C1', '#C4A982', '#DCCDB6'];
  return (
    <Box
      aria-hidden="true"
      sx={{
        p: { xs: 2, md: 3 },
        bgcolor: palette.paper,
        border: `1px solid ${palette.line}`,
        boxShadow: '0 30px 60px rgba(28, 27, 25, 0.10)',
        aspectRatio: '4 / 5',
        width: '100%',
        maxWidth: 420,
        mx: 'auto',
      }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '3px', height: '100%' }}>
        {tones.map((tone) => (
          <Box key={tone} sx={{ bgcolor: tone }} />
        ))}
      </Box>
    </Box>
  );
}

export function Home() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  useDocumentTitle(t('common.tagline'));
  return (
    <Container maxWidth={false} sx={{ maxWidth: 1320, px: { xs: 3, md: 5 } }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.15fr 1fr' },
          gap: { xs: 8, md: 10 },
          alignItems: 'center',
          py: { xs: 8, md: 14 },
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
            <Button component={Link} to="/primary-market" variant="contained" size="large">
              {t('home.discover')}
            </Button>
            {!signedIn && (
              <Button component={Link} to="/connexion" variant="outlined" size="large">
                {t('home.join')}
              </Button>
            )}
          </Stack>
        </Box>
        <Canvas />
      </Box>
    </Container>
  );
}
