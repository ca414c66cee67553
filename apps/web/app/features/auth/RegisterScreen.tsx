import { Box, Button, Link as MuiLink } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SocialButtons } from '../social/SocialButtons';
import { AuthFrame } from './AuthFrame';
import { RegisterForm } from './RegisterForm';

/** Registration: an intro step, then the form (spec §4 "intro step becomes the form on the register button"). */
export function RegisterScreen() {
  const { t } = useTranslation();
  const [step, setStep] = useState<'intro' | 'form'>('intro');
  const footer = (
    <>
      {t('register.haveAccount')}{' '}
      <MuiLink component={Link} to="/login" underline="always" data-testid="register-login">
        {t('register.login')}
      </MuiLink>
    </>
  );
  if (step === 'intro') {
    return (
      <AuthFrame
        title={t('register.introTitle')}
        subtitle={t('register.introText')}
        footer={footer}
        testId="register-intro"
      >
        <Box>
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={() => setStep('form')}
            data-testid="register-start"
          >
            {t('register.introCta')}
          </Button>
          {/* Google and Microsoft sign-in stay hidden while no provider is configured. */}
          <SocialButtons context="signup" />
        </Box>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('register.title')} footer={footer} width={640} testId="register-screen">
      <RegisterForm />
    </AuthFrame>
  );
}
