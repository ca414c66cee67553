import { Alert, Box, Button, Container, Divider, Link, Skeleton, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { formatDate } from '@parcelle/shared/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { islandProps, useInDocument } from '../../document/document';
import { useLanguage } from '../i18n/language';
import { palette } from '../theme/theme';
import { keyInformationQuery } from './api';
import { KeyInformationAcknowledgement } from './KeyInformationAcknowledgement';
import { keyInformationPdfHref } from './KeyInformationStep';

const MEMBER_PART = { mt: 4 } as const;

/**
 * /key-information/:paintingId (issue 30): a work's current key information document in the page's language, as it
 * was published (version, date, registration number, content fingerprint), with its PDF in both languages. A signed-in
 * member who has not acknowledged this version confirms it here: the page the purchase gate's 403 names.
 */
export function KeyInformationScreen({ paintingId }: { paintingId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const inDocument = useInDocument();
  const document = useQuery(keyInformationQuery(paintingId));
  const version = document.data;
  const text = version?.[language];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, sm: 6 } }} data-testid="key-information-page">
      <Typography variant="overline" component="p" sx={{ color: palette.accentDark }}>
        {t('keyInformation.page.eyebrow')}
      </Typography>
      {document.isPending ? (
        <Skeleton variant="text" width="70%" sx={{ fontSize: 32 }} />
      ) : document.isError || !version || !text ? (
        <>
          <Typography variant="h1" sx={{ fontSize: { xs: 28, sm: 36 } }}>
            {t('keyInformation.page.missingTitle')}
          </Typography>
          <Alert severity="info" sx={{ mt: 3 }} data-testid="key-information-missing">
            {t('msg:KeyInformationNotFound')}
          </Alert>
        </>
      ) : (
        <>
          <Typography variant="h1" sx={{ fontSize: { xs: 28, sm: 36 } }} data-testid="key-information-title">
            {text.title}
          </Typography>
          <Typography sx={{ color: palette.muted, mt: 1 }}>{text.subtitle}</Typography>
          <Typography variant="body2" sx={{ color: palette.muted, mt: 1 }} data-testid="key-information-version">
            {t('keyInformation.page.version', {
              version: version.version,
              date: formatDate(version.published_at, language),
            })}
            {version.registration_number &&
              ` · ${t('keyInformation.page.registration', { number: version.registration_number })}`}
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
            {(['en', 'fr'] as const).map((lang) => (
              <Button
                key={lang}
                variant="outlined"
                href={keyInformationPdfHref(paintingId, version.version, lang)}
                target="_blank"
                rel="noopener"
                hrefLang={lang}
                sx={{ minHeight: 44 }}
                data-testid={`key-information-pdf-${lang}`}
              >
                {t(`keyInformation.pdf.${lang}`)}
                <Box component="span" sx={visuallyHidden}>
                  {` (${t('footer.newWindow')})`}
                </Box>
              </Button>
            ))}
          </Stack>
          {inDocument ? (
            // Sent to every reader: the runtime mounts the member's part here when a session is stored.
            <Box {...islandProps(true, 'key-information')} data-painting-id={paintingId} hidden sx={MEMBER_PART} />
          ) : (
            <KeyInformationAcknowledgement paintingId={paintingId} />
          )}
          <Divider sx={{ my: 4 }} />
          {text.sections.map((section) => (
            <Box component="section" key={section.id} aria-labelledby={`kid-${section.id}`} sx={{ mb: 3.5 }}>
              <Typography id={`kid-${section.id}`} variant="h2" sx={{ fontSize: { xs: 20, sm: 24 }, mb: 1.25 }}>
                {section.heading}
              </Typography>
              {section.paragraphs.map((paragraph) => (
                <Typography key={paragraph} sx={{ mb: 1.25, lineHeight: 1.7 }}>
                  {paragraph}
                </Typography>
              ))}
            </Box>
          ))}
          <Typography variant="body2" sx={{ color: palette.muted, wordBreak: 'break-all' }}>
            {t('keyInformation.page.fingerprint', { hash: version.content_hash })}
          </Typography>
          <Typography variant="body2" sx={{ mt: 2 }}>
            <Link href={`/primary-market/details/${paintingId}`}>{t('keyInformation.page.back')}</Link>
          </Typography>
        </>
      )}
    </Container>
  );
}
