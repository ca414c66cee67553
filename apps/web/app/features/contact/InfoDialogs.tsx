import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fonts, palette } from '../theme/theme';
import { COMPANY } from './company';
import { closeEnclosingDialog, FooterDialog } from './FooterDialog';

/** The ids the footer's buttons open these dialogs by (`commandfor`). */
export const INFO_DIALOG_IDS = { address: 'address-dialog', join: 'join-dialog', work: 'work-dialog' } as const;

const labelSx = { color: palette.muted, fontSize: 12.5, letterSpacing: '0.14em', textTransform: 'uppercase' } as const;

/** Where to write to or visit the company: a postal address and how to reach it, no map. */
export function AddressDialog() {
  const { t } = useTranslation();
  return (
    <FooterDialog
      id={INFO_DIALOG_IDS.address}
      eyebrow={t('content.address.eyebrow')}
      title={t('content.address.title')}
      testId="address-dialog"
    >
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box>
          <Typography sx={labelSx}>{t('content.address.postal')}</Typography>
          <Box
            component="address"
            data-testid="address-postal"
            sx={{ fontStyle: 'normal', mt: 1, fontFamily: fonts.display, fontSize: 24, lineHeight: 1.3 }}
          >
            {COMPANY.name}
            <br />
            {COMPANY.street}
            <br />
            {`${COMPANY.postcode} ${COMPANY.city}`}
            <br />
            {t('content.address.country')}
          </Box>
        </Box>
        <Box>
          <Typography sx={labelSx}>{t('content.address.hoursLabel')}</Typography>
          <Typography sx={{ mt: 1 }}>{t('content.address.hours')}</Typography>
          <Typography sx={{ ...labelSx, mt: 3 }}>{t('content.address.writeLabel')}</Typography>
          <MuiLink href={`mailto:${COMPANY.contactEmail}`} underline="always" sx={{ display: 'inline-block', mt: 1 }}>
            {COMPANY.contactEmail}
          </MuiLink>
        </Box>
      </Box>
      <Typography sx={{ mt: 4, pt: 3, borderTop: `1px solid ${palette.line}`, color: palette.muted }}>
        {t('content.address.directions')}
      </Typography>
    </FooterDialog>
  );
}

/** How to become a member: three steps, then register or sign in. */
export function JoinDialog() {
  const { t } = useTranslation();
  const steps = [
    { title: t('content.join.step1Title'), text: t('content.join.step1Text') },
    { title: t('content.join.step2Title'), text: t('content.join.step2Text') },
    { title: t('content.join.step3Title'), text: t('content.join.step3Text') },
  ];
  return (
    <FooterDialog
      id={INFO_DIALOG_IDS.join}
      eyebrow={t('content.join.eyebrow')}
      title={t('content.join.title')}
      testId="join-dialog"
    >
      <Typography sx={{ color: palette.muted, mb: 3 }}>{t('content.join.intro')}</Typography>
      <Stack component="ol" spacing={2.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 4 }}>
        {steps.map((step, index) => (
          <Box component="li" key={step.title} sx={{ display: 'grid', gridTemplateColumns: '40px 1fr', gap: 2 }}>
            <Typography
              aria-hidden="true"
              sx={{ fontFamily: fonts.display, fontSize: 30, lineHeight: 1, color: palette.accent }}
            >
              {index + 1}
            </Typography>
            <Box>
              <Typography component="h3" sx={{ fontWeight: 600, fontSize: 15.5 }}>
                {step.title}
              </Typography>
              <Typography sx={{ color: palette.muted, fontSize: 15 }}>{step.text}</Typography>
            </Box>
          </Box>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          component={Link}
          to="/register"
          variant="contained"
          size="large"
          onClick={closeEnclosingDialog}
          data-testid="join-register"
        >
          {t('content.join.register')}
        </Button>
        <Button
          component={Link}
          to="/connexion"
          variant="outlined"
          size="large"
          onClick={closeEnclosingDialog}
          data-testid="join-login"
        >
          {t('content.join.login')}
        </Button>
      </Stack>
    </FooterDialog>
  );
}

/** Careers: the kinds of roles the company hires for and where to apply. */
export function WorkDialog() {
  const { t } = useTranslation();
  const roles = [
    { title: t('content.work.role1Title'), text: t('content.work.role1Text') },
    { title: t('content.work.role2Title'), text: t('content.work.role2Text') },
    { title: t('content.work.role3Title'), text: t('content.work.role3Text') },
    { title: t('content.work.role4Title'), text: t('content.work.role4Text') },
  ];
  const subject = encodeURIComponent(t('content.work.subject'));
  return (
    <FooterDialog
      id={INFO_DIALOG_IDS.work}
      eyebrow={t('content.work.eyebrow')}
      title={t('content.work.title')}
      testId="work-dialog"
      maxWidth="md"
    >
      <Typography sx={{ color: palette.muted, mb: 3, maxWidth: '62ch' }}>{t('content.work.intro')}</Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mb: 4,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {roles.map((role) => (
          <Box component="li" key={role.title} sx={{ p: 2.5, border: `1px solid ${palette.line}`, bgcolor: '#FFFFFF' }}>
            <Typography component="h3" sx={{ fontFamily: fonts.display, fontSize: 21, fontWeight: 500, mb: 0.5 }}>
              {role.title}
            </Typography>
            <Typography sx={{ color: palette.muted, fontSize: 14.5 }}>{role.text}</Typography>
          </Box>
        ))}
      </Box>
      <Typography sx={{ mb: 2 }}>{t('content.work.apply')}</Typography>
      <Button
        href={`mailto:${COMPANY.careersEmail}?subject=${subject}`}
        variant="contained"
        size="large"
        data-testid="work-email"
      >
        {COMPANY.careersEmail}
      </Button>
    </FooterDialog>
  );
}
