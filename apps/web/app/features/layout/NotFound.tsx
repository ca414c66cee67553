import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { palette } from '../theme/theme';
import { PageContainer } from './PageContainer';
import { useDocumentTitle } from './use-document-title';

export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.notFound'));
  return (
    <PageContainer>
      <Box sx={{ py: { xs: 10, md: 16 }, maxWidth: 640 }} data-testid="not-found">
        <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
          404
        </Typography>
        <Typography variant="h1" sx={{ mt: 1.5, mb: 3 }}>
          {t('pages.notFound')}
        </Typography>
        <Typography variant="subtitle1" sx={{ mb: 5 }}>
          {t('notFound.text')}
        </Typography>
        <Button component={Link} to="/" variant="outlined">
          {t('common.backHome')}
        </Button>
      </Box>
    </PageContainer>
  );
}
