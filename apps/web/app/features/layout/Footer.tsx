import { Box, Container, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fonts, palette } from '../theme/theme';
import { Logo } from './Logo';
import { FOOTER_COLUMNS, type FooterLink } from './links';

const linkSx = {
  color: 'rgba(251, 249, 245, 0.72)',
  fontSize: 14,
  textDecoration: 'none',
  '&:hover': { color: palette.paper, textDecoration: 'underline', textUnderlineOffset: '4px' },
} as const;

function FooterItem({ link }: { link: FooterLink }) {
  const { t } = useTranslation();
  if (link.external) {
    return (
      <MuiLink href={link.to} target="_blank" rel="noopener noreferrer" sx={linkSx}>
        {t(link.label)}
        <Box component="span" sx={visuallyHidden}>
          {` (${t('footer.newWindow')})`}
        </Box>
        <Box component="span" aria-hidden="true" sx={{ ml: 0.5 }}>
          ↗
        </Box>
      </MuiLink>
    );
  }
  return (
    <MuiLink component={Link} to={link.to} sx={linkSx}>
      {t(link.label)}
    </MuiLink>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: palette.ink, color: palette.paper, mt: 'auto' }} data-testid="footer">
      <Container maxWidth={false} sx={{ maxWidth: 1320, px: { xs: 3, md: 5 }, pt: { xs: 7, md: 10 }, pb: 5 }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 5, md: 6 },
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.6fr 1fr 1fr 1fr' },
          }}
        >
          <Stack spacing={2.5} sx={{ maxWidth: 360 }}>
            <Logo tone="light" />
            <Typography sx={{ color: 'rgba(251, 249, 245, 0.72)', fontSize: 14.5 }}>{t('footer.about')}</Typography>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Box key={column.title} component="nav" aria-label={t(column.title)}>
              <Typography
                component="h2"
                sx={{ fontFamily: fonts.display, fontSize: 20, fontWeight: 500, mb: 2, color: palette.paper }}
              >
                {t(column.title)}
              </Typography>
              <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <FooterItem link={link} />
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            mt: { xs: 6, md: 9 },
            pt: 3,
            borderTop: '1px solid rgba(251, 249, 245, 0.16)',
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            gap: 2,
            justifyContent: 'space-between',
          }}
        >
          <Typography sx={{ fontSize: 13, color: 'rgba(251, 249, 245, 0.6)' }}>
            {t('footer.rights', { year })}
          </Typography>
          <Typography sx={{ fontSize: 13, color: 'rgba(251, 249, 245, 0.6)', maxWidth: 640 }}>
            {t('footer.risk')}
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
