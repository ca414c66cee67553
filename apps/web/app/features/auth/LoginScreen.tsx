import { Link as MuiLink } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthFrame } from './AuthFrame';
import { LoginForm } from './LoginForm';

export function LoginScreen() {
  const { t } = useTranslation();
  return (
    <AuthFrame
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      testId="login-screen"
      footer={
        <>
          {t('login.noAccount')}{' '}
          <MuiLink component={Link} to="/register" underline="always" data-testid="login-register">
            {t('login.register')}
          </MuiLink>
        </>
      }
    >
      <LoginForm />
    </AuthFrame>
  );
}
