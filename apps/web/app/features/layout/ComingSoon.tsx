import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { palette } from '../theme/theme';
import { PageContainer } from './PageContainer';
import { useDocumentTitle } from './use-document-title';

/** A page not built yet: its title and a calm "coming soon" note, in both languages. */
export function ComingSoon({ titleKey, inMemberArea = false }: { titleKey: string; inMemberArea?: boolean }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  const content = (
    <Box sx={{ py: inMemberArea ? 2 : { xs: 10, md: 16 }, maxWidth: 640 }} data-testid="coming-soon">
      <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
        {t('placeholder.comingSoon')}
      </Typography>
      <Typography variant="h1" sx={{ mt: 1.5, mb: 3 }}>
        {title}
      </Typography>
      <Box sx={{ width: 56, height: '1px', bgcolor: palette.accent, mb: 3 }} />
      <Typography variant="subtitle1" sx={{ mb: 5 }}>
        {t('placeholder.text')}
      </Typography>
      {!inMemberArea && (
        <Button component={Link} to="/" variant="outlined">
          {t('common.backHome')}
        </Button>
      )}
    </Box>
  );
  if (inMemberArea) return content;
  return <PageContainer>{content}</PageContainer>;
}
