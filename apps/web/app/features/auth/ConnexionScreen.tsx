import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../layout/use-document-title';
import { palette } from '../theme/theme';

type ChoiceProps = { title: string; text: string; cta: string; to: string; primary?: boolean; testId: string };

function Choice({ title, text, cta, to, primary = false, testId }: ChoiceProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3.5, md: 5 }, display: 'flex', flexDirection: 'column', gap: 2, borderColor: palette.line }}
    >
      <Typography variant="h4" component="h2">
        {title}
      </Typography>
      <Typography variant="body1" sx={{ color: palette.muted, flex: 1 }}>
        {text}
      </Typography>
      <Box>
        <Button component={Link} to={to} variant={primary ? 'contained' : 'outlined'} size="large" data-testid={testId}>
          {cta}
        </Button>
      </Box>
    </Paper>
  );
}

/** /connexion: sign in or create an account (spec §2). */
export function ConnexionScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('connexion.title'));
  return (
    <Box sx={{ maxWidth: 980, mx: 'auto', px: 3, py: { xs: 6, md: 12 } }} data-testid="connexion-screen">
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('connexion.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: { xs: 5, md: 7 }, maxWidth: 560, fontSize: 17 }}>
        {t('connexion.subtitle')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Choice
          title={t('connexion.loginTitle')}
          text={t('connexion.loginText')}
          cta={t('connexion.loginCta')}
          to="/login"
          primary
          testId="connexion-login"
        />
        <Choice
          title={t('connexion.registerTitle')}
          text={t('connexion.registerText')}
          cta={t('connexion.registerCta')}
          to="/register"
          testId="connexion-register"
        />
      </Box>
    </Box>
  );
}
