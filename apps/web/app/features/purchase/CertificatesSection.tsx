import { Alert, Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { formatDate } from '@parcelle/shared/dates';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { mediaUrl } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { useStoredSession } from '../session/use-session';
import { fonts, palette } from '../theme/theme';
import { useMemberCertificates } from './api';
import { DownloadCertificateButton, VerifyCertificateLink } from './CertificateActions';

/** "My certificates" on the profile: one row per co-ownership certificate, with its PDF and public page. */
export function CertificatesSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { token } = useStoredSession();
  const query = useMemberCertificates(Boolean(token));

  let body: React.ReactNode;
  if (query.isError) {
    body = (
      <Alert severity="error" variant="outlined">
        {localized(errorText(query.error), language)}
      </Alert>
    );
  } else if (!query.data) {
    body = <Skeleton variant="rectangular" height={88} />;
  } else if (query.data.certificates.length === 0) {
    body = (
      <Typography sx={{ color: palette.muted }} data-testid="profile-certificates-empty">
        {t('purchase.certificates.empty')}
      </Typography>
    );
  } else {
    const baseUrl = query.data.base_url;
    body = (
      <Stack
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0 }}
        divider={<Box component="li" aria-hidden="true" sx={{ borderTop: `1px solid ${palette.line}` }} />}
      >
        {query.data.certificates.map((certificate) => (
          <Box
            component="li"
            key={certificate.number}
            data-testid="profile-certificate"
            data-number={certificate.number}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '64px 1fr', md: '72px 1fr auto' },
              gap: { xs: 2, md: 3 },
              alignItems: 'center',
              py: 2.5,
            }}
          >
            <ArtworkImage src={mediaUrl(baseUrl, certificate.painting.cover_img)} alt="" sizes="72px" ratio={1} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontFamily: fonts.display, fontSize: 21, lineHeight: 1.2 }}>
                {localized(certificate.painting.title, language)}
              </Typography>
              <Typography variant="body2" sx={{ color: palette.muted }}>
                {certificate.painting.artist.name} · {formatPartsQuantity(certificate.quantity, language)}
              </Typography>
              <Typography variant="body2" sx={{ color: palette.muted, mt: 0.5, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ color: palette.ink, letterSpacing: '0.03em' }}>
                  {certificate.number}
                </Box>
                {' · '}
                {t('purchase.certificates.issued', { date: formatDate(certificate.issued_at, language) })}
                {' · '}
                {t('purchase.certificates.holder', { name: certificate.holder_name })}
              </Typography>
              {certificate.status !== 'valid' && (
                <Typography
                  variant="body2"
                  sx={{ mt: 0.5, color: certificate.status === 'void' ? palette.muted : palette.ink }}
                  data-testid={`certificate-${certificate.status}`}
                >
                  {t(`reflection.certificate.${certificate.status}`)}
                </Typography>
              )}
            </Box>
            <Stack
              direction="row"
              spacing={1}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifyContent: { xs: 'flex-start', md: 'flex-end' } }}
            >
              <DownloadCertificateButton
                number={certificate.number}
                testId="profile-certificate-download"
                variant="outlined"
                size="small"
              />
              <VerifyCertificateLink
                number={certificate.number}
                testId="profile-certificate-verify"
                size="small"
                sx={{ color: palette.accentDark }}
              />
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="profile-certificates-title"
      sx={{ p: { xs: 3, md: 4 }, borderColor: palette.line, mt: 3 }}
      data-testid="profile-certificates"
    >
      <Typography
        id="profile-certificates-title"
        variant="overline"
        component="h2"
        sx={{ color: palette.muted, display: 'block', mb: 1 }}
      >
        {t('purchase.certificates.title')}
      </Typography>
      {body}
    </Paper>
  );
}
