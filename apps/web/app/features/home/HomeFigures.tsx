import { Box, Container, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { HomeData } from '../catalogue/api';
import { formatCount } from '../catalogue/format';
import { useLanguage } from '../i18n/language';
import { PAGE_WIDTH } from '../layout/page-width';
import { fonts, palette, visuallyHidden } from '../theme/theme';

type Figure = { key: 'individuals' | 'countries' | 'artists' | 'paintings'; value: number | undefined };

/** The home boxes (spec §2: countries and individuals counts), with the catalogue's size beside them. */
export function HomeFigures({ data }: { data: HomeData | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const figures: Figure[] = [
    { key: 'individuals', value: data?.boxes.individuals },
    { key: 'countries', value: data?.boxes.countries },
    { key: 'artists', value: data?.statistics.artists },
    { key: 'paintings', value: data?.statistics.paintings },
  ];
  return (
    <Box
      component="section"
      aria-labelledby="home-figures"
      sx={{ bgcolor: palette.paper, borderBlock: `1px solid ${palette.line}` }}
    >
      <Container maxWidth={false} sx={{ ...PAGE_WIDTH, py: { xs: 6, md: 8 } }}>
        <Typography id="home-figures" component="h2" sx={visuallyHidden}>
          {t('home.figures.title')}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: { xs: 4, md: 6 },
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          {figures.map((figure) => (
            <Box key={figure.key} data-testid={`home-box-${figure.key}`}>
              <Typography component="dt" variant="overline" sx={{ color: palette.accent, display: 'block' }}>
                {t(`home.figures.${figure.key}`)}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Typography
                  component="span"
                  sx={{ display: 'block', fontFamily: fonts.display, fontSize: { xs: 44, md: 56 }, lineHeight: 1.1 }}
                  data-testid={`home-box-${figure.key}-value`}
                >
                  {figure.value === undefined ? <Skeleton width={64} /> : formatCount(figure.value, language)}
                </Typography>
                <Typography component="span" variant="body2" sx={{ color: palette.muted, display: 'block', mt: 0.5 }}>
                  {t(`home.figures.${figure.key}Text`)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
