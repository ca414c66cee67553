import { Link as MuiLink } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SocialButtons } from '../social/SocialButtons';
import { AuthFrame } from './AuthFrame';
import { RegisterForm } from './RegisterForm';

/**
 * Registration: the spec's intro (its words, and Google and Microsoft when configured) heads the form on one page,
 * so a member who came to register starts at once (decision 392; spec §4 had the form behind a "Register" button).
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  return (
    <AuthFrame
      title={t('register.introTitle')}
      subtitle={t('register.introText')}
      width={640}
      testId="register-screen"
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <MuiLink component={Link} to="/login" underline="always" data-testid="register-login">
            {t('register.login')}
          </MuiLink>
        </>
      }
    >
      <RegisterForm />
      {/* Google and Microsoft, after an "or", as on the sign-in page; hidden while no provider is configured. */}
      <SocialButtons context="signup" />
    </AuthFrame>
  );
}
