import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import RadioUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Typography } from '@mui/material';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from '@parcelle/shared/constants';
import { useTranslation } from 'react-i18next';
import { palette } from '../theme/theme';

/** The password rules of spec §5, ticked as the member types. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const rules = [
    {
      key: 'length',
      text: t('register.ruleLength'),
      met: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    },
    {
      key: 'special',
      text: t('register.ruleSpecial'),
      met: [...password].some((char) => PASSWORD_SPECIALS.includes(char)),
    },
  ];
  return (
    <Box data-testid="password-rules">
      <Typography variant="body2" sx={{ color: palette.muted, mb: 0.5 }}>
        {t('register.rules')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rules.map((rule) => (
          <Box
            component="li"
            key={rule.key}
            data-met={rule.met}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              fontSize: 14,
              color: rule.met ? palette.success : palette.muted,
            }}
          >
            {rule.met ? <CheckCircle sx={{ fontSize: 16 }} /> : <RadioUnchecked sx={{ fontSize: 16 }} />}
            {rule.text}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
