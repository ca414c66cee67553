import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePaymentConfig } from './api';

/**
 * Says, on every purchase page and in the payment drawer, that the server takes no real money (its offline sandboxes
 * or the providers' test keys: GET /payments/config → test_mode). Nothing while it is unknown or live.
 */
export function TestModeNotice({ sx }: { sx?: object }) {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  if (!config.data?.test_mode) return null;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      role="status"
      icon={<ScienceOutlinedIcon fontSize="inherit" />}
      data-testid="test-mode-notice"
      sx={{ fontWeight: 500, ...sx }}
    >
      {t('purchase.testMode')}
    </Alert>
  );
}
