import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage, localized } from '../i18n/language';
import { useDocumentTitle } from '../layout/use-document-title';
import { CertificatesSection } from '../purchase/CertificatesSection';
import { errorText } from '../session/api-error';
import { profileQuery } from '../session/profile';
import { useStoredSession } from '../session/use-session';
import { fonts, palette, visuallyHidden } from '../theme/theme';
import { profileTexts } from './format';
import { MemberAvatar } from './MemberAvatar';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderColor: palette.line }} data-testid={testId}>
      <Typography variant="overline" component="h2" sx={{ color: palette.muted, display: 'block', mb: 2 }}>
        {title}
      </Typography>
      <Stack component="dl" spacing={2.25} sx={{ m: 0 }}>
        {children}
      </Stack>
    </Paper>
  );
}

function Row({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography component="dt" variant="body2" sx={{ color: palette.muted }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontSize: 16.5, color: value ? palette.ink : palette.muted, overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value ?? t('common.notProvided')}
      </Typography>
    </Box>
  );
}

function ProfileView({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const texts = profileTexts(profile, language);
  return (
    <Box data-testid="profile-screen">
      <Stack direction="row" spacing={{ xs: 2.5, md: 3.5 }} sx={{ alignItems: 'center', mb: 5 }}>
        <Link to="/user/edit#portrait" style={{ borderRadius: '50%' }}>
          <MemberAvatar user={profile} size={88} sizeBelowMd={64} testId="profile-avatar" framed decorative />
          {/* Named by text, not aria-label: the initials shown are hidden, so the name holds all there is to see. */}
          <Box component="span" sx={visuallyHidden}>
            {t('profile.edit')}
          </Box>
        </Link>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
            {t('profile.title')}
          </Typography>
          <Typography variant="subtitle1">
            {t('profile.welcome', { name: profile.first_name })}
            {texts.memberSince && ` · ${t('profile.memberSince', { date: texts.memberSince })}`}
          </Typography>
        </Box>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, alignItems: 'start' }}>
        <Card title={t('profile.identity')}>
          <Row label={t('profile.firstName')} value={profile.first_name} testId="profile-first-name" />
          <Row label={t('profile.lastName')} value={profile.last_name} testId="profile-last-name" />
          <Row label={t('profile.birthDate')} value={texts.birthDate} testId="profile-birth-date" />
          <Row label={t('profile.country')} value={texts.country} testId="profile-country" />
        </Card>
        <Stack spacing={3}>
          <Paper
            variant="outlined"
            sx={{ p: { xs: 3, md: 4 }, borderColor: palette.line, bgcolor: palette.ink, color: palette.paper }}
            data-testid="profile-wallet"
          >
            <Typography variant="overline" component="h2" sx={{ color: 'rgba(251, 249, 245, 0.7)' }}>
              {t('profile.balance')}
            </Typography>
            <Typography
              sx={{ fontFamily: fonts.display, fontSize: 44, lineHeight: 1.2, mt: 1 }}
              data-testid="profile-balance"
            >
              {texts.balance}
            </Typography>
          </Paper>
          <Card title={t('profile.contact')}>
            <Row label={t('profile.email')} value={profile.email} testId="profile-email" />
            <Row label={t('profile.phone')} value={texts.phone} testId="profile-phone" />
          </Card>
          <Card title={t('profile.preferences')}>
            <Row label={t('profile.language')} value={texts.language} testId="profile-language" />
            <Row
              label={t('profile.currency')}
              value={t(`preferences.currencies.${profile.curr}`)}
              testId="profile-currency"
            />
          </Card>
        </Stack>
      </Box>
      <CertificatesSection />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5 }}>
        <Button component={Link} to="/user/edit" variant="contained" data-testid="profile-edit">
          {t('profile.edit')}
        </Button>
        <Button component={Link} to="/change-password" variant="outlined" data-testid="profile-change-password">
          {t('profile.changePassword')}
        </Button>
      </Stack>
    </Box>
  );
}

/** /user/profile: the member's data in calm cards (spec §2). */
export function ProfileScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  const { token } = useStoredSession();
  const profile = useQuery({ ...profileQuery, enabled: Boolean(token) });
  if (profile.data) return <ProfileView profile={profile.data} />;
  if (profile.isError) {
    return (
      <Alert severity="error" variant="outlined" data-testid="profile-error">
        {localized(errorText(profile.error))}
      </Alert>
    );
  }
  return (
    <Box aria-busy="true">
      <Skeleton variant="text" width={280} height={64} />
      <Skeleton variant="text" width={220} sx={{ mb: 4 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Skeleton variant="rectangular" height={320} />
        <Skeleton variant="rectangular" height={320} />
      </Box>
    </Box>
  );
}
