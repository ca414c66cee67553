import SearchOff from '@mui/icons-material/SearchOff';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { formatDate, formatLastParisDay, formatParisDate } from '@parcelle/shared/dates';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRetryProps } from '../../document/document';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { useLanguage } from '../i18n/language';
import { PageContainer } from '../layout/PageContainer';
import { usePageMeta } from '../layout/use-page-meta';
import { fonts, palette } from '../theme/theme';
import { type CertificateVerifyData, isUnknownCertificate, useCertificateVerification } from './api';

type Props = { number: string };

/** /certificates/verify/:number: the public page the certificate's QR code opens (spec §1, issue 5). */
export function CertificateVerifyScreen({ number }: Props) {
  const { t } = useTranslation();
  const query = useCertificateVerification(number);
  const retry = useRetryProps(() => query.refetch());
  const language = useLanguage();
  usePageMeta(t('certificates.verify.title'), t('certificates.verify.metaDescription'));

  const state = !number
    ? 'not-found'
    : query.data
      ? 'valid'
      : query.isError
        ? isUnknownCertificate(query.error)
          ? 'not-found'
          : 'error'
        : 'loading';

  return (
    <PageContainer>
      <Box
        data-testid="certificate-verify-screen"
        data-state={state}
        data-status={query.data?.status}
        sx={{ py: { xs: 8, md: 12 }, maxWidth: 980, mx: 'auto' }}
      >
        <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
          {t('certificates.verify.eyebrow')}
        </Typography>
        <Typography variant="h2" component="h1" sx={{ mt: 1.5, mb: 3 }}>
          {t('certificates.verify.title')}
        </Typography>
        <Box sx={{ width: 56, height: '1px', bgcolor: palette.accent, mb: { xs: 4, md: 6 } }} />

        {state === 'loading' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
            <CircularProgress size={22} color="secondary" aria-hidden="true" />
            <Typography>{t('certificates.verify.loading')}</Typography>
          </Box>
        )}
        {state === 'valid' && query.data?.status === 'void' && (
          <Outcome
            icon={<SearchOff sx={{ fontSize: 32, color: palette.muted }} />}
            title={t('certificates.verify.voidTitle')}
            text={t('certificates.verify.voidText', {
              // Dated on the Paris calendar the reflection period is counted on (decision 336), as on the PDF.
              date: query.data.revoked_at ? formatParisDate(query.data.revoked_at, language) : '',
            })}
            testId="certificate-void"
            number={number}
          />
        )}
        {state === 'valid' && query.data && query.data.status !== 'void' && (
          <>
            {query.data.status === 'provisional' && query.data.provisional_until && (
              <Typography sx={{ mb: 3 }} data-testid="certificate-provisional">
                {t('certificates.verify.provisional', {
                  date: formatLastParisDay(query.data.provisional_until, language),
                })}
              </Typography>
            )}
            <GenuinePanel data={query.data} />
          </>
        )}
        {state === 'not-found' && (
          <Outcome
            icon={<SearchOff sx={{ fontSize: 32, color: palette.muted }} />}
            title={t('certificates.verify.notFoundTitle')}
            text={t('certificates.verify.notFoundText')}
            number={number}
          />
        )}
        {state === 'error' && (
          <Outcome
            title={t('certificates.verify.errorTitle')}
            text={t('certificates.verify.errorText')}
            number={number}
            action={
              <Button variant="outlined" {...retry} data-testid="certificate-verify-retry">
                {t('certificates.verify.retry')}
              </Button>
            }
          />
        )}
      </Box>
    </PageContainer>
  );
}

/** The seal: a quiet double ring with a check, in the accent colour. */
function Seal() {
  const { t } = useTranslation();
  return (
    <Box
      role="img"
      aria-label={t('certificates.verify.seal')}
      sx={{
        width: 72,
        height: 72,
        flexShrink: 0,
        borderRadius: '50%',
        border: `1px solid ${palette.accent}`,
        outline: `1px solid ${palette.accent}`,
        outlineOffset: '3px',
        display: 'grid',
        placeItems: 'center',
        color: palette.accent,
      }}
    >
      <VerifiedOutlined sx={{ fontSize: 34 }} />
    </Box>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Box component="div" sx={{ py: 1.75, borderTop: `1px solid ${palette.line}` }}>
      <Typography component="dt" variant="overline" sx={{ color: palette.muted, lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography component="dd" data-testid={testId} sx={{ m: 0, fontSize: '1.05rem' }}>
        {children}
      </Typography>
    </Box>
  );
}

function GenuinePanel({ data }: { data: CertificateVerifyData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { painting } = data;
  const title = painting.title[language] || painting.title.en;
  return (
    <Box
      sx={{
        border: `1px solid ${palette.line}`,
        bgcolor: palette.paper,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
      }}
    >
      <ArtworkImage
        src={mediaUrl(data.base_url, painting.cover_img)}
        alt={title}
        sizes="(max-width: 900px) 100vw, 400px"
        priority
        fit="contain"
        // A portrait frame on small screens; beside the details, the column's full height.
        sx={{ bgcolor: palette.wall, aspectRatio: { xs: '4 / 5', md: 'auto' }, minHeight: { md: '100%' } }}
        testId="certificate-image"
      />
      <Box sx={{ p: { xs: 3, md: 5 } }}>
        <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center', mb: 3 }}>
          <Seal />
          <Box>
            <Typography variant="h4" component="h2" sx={{ color: palette.success }}>
              {t('certificates.verify.genuine')}
            </Typography>
            <Typography variant="body2" sx={{ color: palette.muted, mt: 0.5 }}>
              {t('certificates.verify.genuineText')}
            </Typography>
          </Box>
        </Stack>
        <Box component="dl" sx={{ m: 0 }}>
          <Field label={t('certificates.verify.number')} testId="certificate-number">
            <Box component="span" sx={{ letterSpacing: '0.06em', fontVariantNumeric: 'tabular-nums' }}>
              {data.number}
            </Box>
          </Field>
          <Field label={t('certificates.verify.work')} testId="certificate-painting">
            <Box component="span" sx={{ fontFamily: fonts.display, fontStyle: 'italic', fontSize: '1.35rem' }}>
              {title}
            </Box>
            <Box component="span" sx={{ display: 'block', color: palette.muted }}>
              {`${painting.artist.name}, ${painting.year}`}
            </Box>
          </Field>
          <Field label={t('certificates.verify.parts')} testId="certificate-parts">
            {formatPartsQuantity(data.quantity, language)}
          </Field>
          <Field label={t('certificates.verify.issued')} testId="certificate-date">
            {formatDate(data.issued_at, language)}
          </Field>
          <Field label={t('certificates.verify.holder')} testId="certificate-holder">
            {data.holder_initials}
          </Field>
        </Box>
        <Typography variant="caption" component="p" sx={{ color: palette.muted, mt: 1 }}>
          {t('certificates.verify.holderNote')}
        </Typography>
        <Button component={Link} to={paintingPath(painting)} variant="outlined" sx={{ mt: 4 }}>
          {t('certificates.verify.seeWork')}
        </Button>
      </Box>
    </Box>
  );
}

function Outcome({
  icon,
  title,
  text,
  number,
  action,
  testId,
}: {
  icon?: ReactNode;
  title: string;
  text: string;
  number: string;
  action?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        {icon}
        <Typography variant="h4" component="h2" data-testid="certificate-verify-message">
          {title}
        </Typography>
      </Stack>
      {number && (
        <Typography
          sx={{ color: palette.muted, mb: 2, wordBreak: 'break-all' }}
          data-testid="certificate-searched-number"
        >
          {t('certificates.verify.searched', { number })}
        </Typography>
      )}
      <Typography variant="subtitle1" sx={{ mb: 4 }} data-testid={testId}>
        {text}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {action}
        <Button component={Link} to="/" variant={action ? 'text' : 'outlined'}>
          {t('common.backHome')}
        </Button>
      </Stack>
    </Box>
  );
}
