import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthFrame } from './AuthFrame';
import { ChangePasswordForm } from './ChangePasswordForm';

/** /change-password for a signed-in member: PUT /auth/password/reset. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthFrame title={t('changePassword.title')} testId="change-password-screen">
      <ChangePasswordForm onDone={() => navigate('/user/profile')} />
    </AuthFrame>
  );
}
