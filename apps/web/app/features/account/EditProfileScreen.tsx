import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Link as MuiLink, Skeleton, Stack, Typography } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChangePasswordForm } from '../auth/ChangePasswordForm';
import { useToast } from '../feedback/toast';
import { localized } from '../i18n/language';
import { useDocumentTitle } from '../layout/use-document-title';
import { errorText } from '../session/api-error';
import { profileQuery } from '../session/profile';
import { useStoredSession } from '../session/use-session';
import { MOBILE, palette } from '../theme/theme';
import { AvatarSection } from './AvatarSection';
import { DisableSection } from './DisableSection';
import { EmailSection } from './EmailSection';
import { PayoutSection } from './PayoutSection';
import { PersonalSection } from './PersonalSection';
import { PhoneSection } from './PhoneSection';
import { type EditLocationState, PHONE_FOR_OTP, PHONE_SECTION } from './phone-needed';
import { TwoFactorSection } from './TwoFactorSection';
import { EditSection } from './ui';

const SECTIONS = [
  ['portrait', 'account.avatar.title'],
  ['personal', 'account.personal.title'],
  ['email', 'account.email.title'],
  ['phone', 'account.phone.title'],
  ['password', 'account.password.title'],
  ['two-factor', 'twoFactor.title'],
  ['payout', 'account.payout.title'],
  ['disable', 'account.disable.title'],
] as const;

function EditView({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const needPhone = (location.state as EditLocationState)?.needPhone === true;

  // A member sent to a section (#phone from a flow that needs a code by SMS) lands on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: also when the same section is asked for again (new key)
  useEffect(() => {
    const id = location.hash.slice(1);
    if (!id) return;
    const section = document.getElementById(id);
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (id === 'phone') section?.querySelector<HTMLInputElement>('input[type="tel"]')?.focus({ preventScroll: true });
  }, [location.hash, location.key]);

  const onNeedPhone = () => {
    toast(localized(PHONE_FOR_OTP), 'warning');
    navigate(PHONE_SECTION, { state: { needPhone: true } satisfies EditLocationState, replace: true });
  };

  return (
    <Box data-testid="edit-screen">
      <Button
        component={Link}
        to="/user/profile"
        color="inherit"
        startIcon={<ArrowBack fontSize="small" />}
        data-testid="edit-back"
        sx={{ px: 0, mb: 2, color: palette.muted, [MOBILE]: { display: 'none' } }}
      >
        {t('account.backToProfile')}
      </Button>
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('pages.edit')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 3, maxWidth: 640 }}>
        {t('account.subtitle')}
      </Typography>
      <Box
        component="nav"
        aria-label={t('account.sections')}
        sx={{ display: { xs: 'none', md: 'flex' }, flexWrap: 'wrap', columnGap: 3, rowGap: 1, mb: 5 }}
      >
        {SECTIONS.map(([id, label]) => (
          <MuiLink
            key={id}
            href={`#${id}`}
            onClick={(event) => {
              event.preventDefault();
              navigate({ hash: `#${id}` }, { replace: true });
            }}
            sx={{ color: palette.muted, fontSize: 14.5, '&:hover': { color: palette.ink } }}
          >
            {t(label)}
          </MuiLink>
        ))}
      </Box>
      <Stack spacing={{ xs: 3, md: 4 }}>
        <AvatarSection profile={profile} />
        <PersonalSection profile={profile} />
        <EmailSection profile={profile} onNeedPhone={onNeedPhone} />
        <PhoneSection profile={profile} needed={needPhone} />
        <EditSection
          id="password"
          title={t('account.password.title')}
          description={t('account.password.text')}
          testId="edit-password-section"
        >
          <ChangePasswordForm fullWidthSubmit={false} />
        </EditSection>
        <TwoFactorSection profile={profile} />
        <PayoutSection profile={profile} />
        <DisableSection />
      </Stack>
    </Box>
  );
}

/** /user/edit: the member's details, contact, password, payout account, portrait and account closing. */
export function EditProfileScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.edit'));
  const { token } = useStoredSession();
  const profile = useQuery({ ...profileQuery, enabled: Boolean(token) });
  if (profile.data) return <EditView profile={profile.data} />;
  if (profile.isError) {
    return (
      <Alert severity="error" variant="outlined" data-testid="edit-error">
        {localized(errorText(profile.error))}
      </Alert>
    );
  }
  return (
    <Box aria-busy="true">
      <Skeleton variant="text" width={320} height={64} />
      <Skeleton variant="text" width={260} sx={{ mb: 4 }} />
      <Stack spacing={4}>
        <Skeleton variant="rectangular" height={180} />
        <Skeleton variant="rectangular" height={320} />
      </Stack>
    </Box>
  );
}
