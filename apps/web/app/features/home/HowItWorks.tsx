import { Box, Container, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PAGE_WIDTH } from '../layout/page-width';
import { fonts, palette } from '../theme/theme';

const STEPS = ['one', 'two', 'three'] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <Container component="section" maxWidth={false} sx={{ ...PAGE_WIDTH, py: { xs: 8, md: 12 } }}>
      <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
        {t('home.steps.eyebrow')}
      </Typography>
      <Typography variant="h2" sx={{ mt: 1, mb: { xs: 5, md: 7 }, maxWidth: 640 }}>
        {t('home.steps.title')}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: { xs: 5, md: 8 },
          gridTemplateColumns: { md: 'repeat(3, 1fr)' },
        }}
      >
        {STEPS.map((step, index) => (
          <Box component="li" key={step} sx={{ borderTop: `1px solid ${palette.ink}`, pt: 3 }}>
            <Typography
              aria-hidden="true"
              sx={{ fontFamily: fonts.display, fontSize: 28, color: palette.accent, mb: 1 }}
            >
              {String(index + 1).padStart(2, '0')}
            </Typography>
            <Typography variant="h4" component="h3" sx={{ mb: 1.5 }}>
              {t(`home.steps.${step}Title`)}
            </Typography>
            <Typography variant="body1" sx={{ color: palette.muted }}>
              {t(`home.steps.${step}Text`)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Container>
  );
}
