import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { Button, type ButtonProps, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../feedback/toast';
import { localized } from '../i18n/language';
import { errorText } from '../session/api-error';
import { downloadCertificate, verifyPath } from './api';

/** Saves a certificate's PDF (fetched with the token, see downloadCertificate). */
export function DownloadCertificateButton({
  number,
  testId,
  ...rest
}: { number: string; testId: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCertificate(number);
    } catch (error) {
      toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      onClick={download}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlinedIcon fontSize="small" />}
      data-testid={testId}
      aria-label={t('purchase.certificate.downloadLabel', { number })}
      {...rest}
    >
      {t('purchase.certificate.download')}
    </Button>
  );
}

/** The certificate's public page (anyone holding the number may check it). */
export function VerifyCertificateLink({ number, testId, ...rest }: { number: string; testId: string } & ButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={verifyPath(number)}
      data-testid={testId}
      {...rest}
      sx={[{ whiteSpace: 'nowrap' }, ...(Array.isArray(rest.sx) ? rest.sx : [rest.sx])]}
    >
      {t('purchase.certificate.verify')}
    </Button>
  );
}
