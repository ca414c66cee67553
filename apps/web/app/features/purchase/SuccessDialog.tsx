import CheckCircleOutlineOutlinedIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Box, Button, Dialog, DialogContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fonts, palette } from '../theme/theme';
import { DownloadCertificateButton, VerifyCertificateLink } from './CertificateActions';

type Props = {
  open: boolean;
  message: string;
  certificateNumber: string | null;
  parts: string;
  title: string;
  /** The total paid, as the server priced it. */
  total?: string | null;
};

/**
 * After payment (spec §4): the success, the certificate number with its PDF and public page, and the ways on: the
 * portfolio the parts now count in, or the home page the spec sends members to. The dialog stays until the member
 * chooses (decision 390: the spec's timed redirect would take the certificate away while it is being read).
 */
export function SuccessDialog({ open, message, certificateNumber, parts, title, total = null }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} fullWidth maxWidth="sm" aria-labelledby="purchase-success-title" data-testid="purchase-success">
      <DialogContent sx={{ px: { xs: 3, sm: 6 }, py: { xs: 5, sm: 6 }, textAlign: 'center' }}>
        <CheckCircleOutlineOutlinedIcon sx={{ fontSize: 48, color: palette.success }} aria-hidden="true" />
        <Typography id="purchase-success-title" variant="h3" component="h2" sx={{ mt: 2, mb: 1.5 }}>
          {message}
        </Typography>
        <Typography variant="subtitle1" sx={{ color: palette.muted }}>
          {t('purchase.success.text', { parts, title })}
        </Typography>
        {total && (
          <Typography variant="body2" sx={{ color: palette.muted, mt: 1 }} data-testid="purchase-success-total">
            {t('purchase.success.total', { amount: total })}
          </Typography>
        )}
        {certificateNumber && (
          <Box sx={{ mt: 4, py: 3, borderTop: `1px solid ${palette.line}`, borderBottom: `1px solid ${palette.line}` }}>
            <Typography variant="overline" component="p" sx={{ color: palette.muted }}>
              {t('purchase.success.certificate')}
            </Typography>
            <Typography
              data-testid="purchase-certificate-number"
              sx={{
                fontFamily: fonts.display,
                fontSize: { xs: 24, sm: 30 },
                letterSpacing: '0.04em',
                fontVariantNumeric: 'lining-nums',
                mt: 0.5,
              }}
            >
              {certificateNumber}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 2.5 }}>
              <DownloadCertificateButton
                number={certificateNumber}
                testId="purchase-certificate-download"
                variant="outlined"
              />
              <VerifyCertificateLink
                number={certificateNumber}
                testId="purchase-certificate-verify"
                variant="outlined"
              />
            </Stack>
          </Box>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'center', mt: 4 }}
          data-testid="purchase-success-next"
        >
          <Button
            component={Link}
            to="/user/portfolio"
            variant="contained"
            size="large"
            data-testid="purchase-success-portfolio"
          >
            {t('purchase.success.portfolio')}
          </Button>
          <Button component={Link} to="/" variant="text" size="large" data-testid="purchase-success-home">
            {t('purchase.success.home')}
          </Button>
        </Stack>
        {certificateNumber && (
          <Typography variant="body2" sx={{ color: palette.muted, mt: 2.5 }}>
            {t('purchase.success.kept')}
          </Typography>
        )}
      </DialogContent>
    </Dialog>
  );
}
