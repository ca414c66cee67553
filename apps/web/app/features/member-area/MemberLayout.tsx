import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Container, IconButton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { backTarget } from '../layout/links';
import { PAGE_WIDTH } from '../layout/page-width';
import { MOBILE } from '../theme/theme';
import { MemberNav } from './MemberNav';

/** The /user pages: the member area's navigation beside the page (above it on a phone). */
export function MemberLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Container maxWidth={false} sx={{ maxWidth: PAGE_WIDTH.maxWidth, px: { xs: 2.5, md: 5 }, py: { xs: 3, md: 8 } }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: '220px minmax(0, 1fr)',
          gap: 8,
          alignItems: 'start',
          [MOBILE]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 },
        }}
      >
        <Box sx={{ position: 'sticky', top: 120, minWidth: 0, [MOBILE]: { position: 'static' } }}>
          <IconButton
            component={Link}
            to={backTarget(pathname)}
            aria-label={t('common.back')}
            data-testid="back-arrow"
            sx={{ display: 'none', [MOBILE]: { display: 'inline-flex', mb: 1 } }}
          >
            <ArrowBack />
          </IconButton>
          <MemberNav />
        </Box>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
    </Container>
  );
}
