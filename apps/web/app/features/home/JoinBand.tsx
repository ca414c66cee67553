import { Box, Button, Container, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { guestOnlyProps, useInDocument } from '../../document/document';
import { PAGE_WIDTH } from '../layout/page-width';
import { useSession } from '../session/use-session';
import { palette } from '../theme/theme';

/** An invitation to register, for visitors only. */
export function JoinBand() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const inDocument = useInDocument();
  if (signedIn) return null;
  return (
    <Box
      component="section"
      {...guestOnlyProps(inDocument)}
      sx={{ bgcolor: palette.wall, borderTop: `1px solid ${palette.line}` }}
    >
      <Container maxWidth={false} sx={{ ...PAGE_WIDTH, py: { xs: 8, md: 11 }, textAlign: 'center' }}>
        <Typography variant="h2" sx={{ mb: 2 }}>
          {t('home.join2.title')}
        </Typography>
        <Typography variant="subtitle1" sx={{ maxWidth: 560, mx: 'auto', mb: 4 }}>
          {t('home.join2.text')}
        </Typography>
        <Button component={Link} to="/register" variant="contained" size="large">
          {t('home.join2.cta')}
        </Button>
      </Container>
    </Box>
  );
}
