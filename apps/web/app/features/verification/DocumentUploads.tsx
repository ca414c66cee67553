import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Chip, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import type { TVerificationStatus } from '@parcelle/shared/contracts/verification';
import {
  documentFileProblem,
  VERIFICATION_DOCUMENT_LIMITS as LIMITS,
  requiredDocuments,
  type VerificationDocumentKind,
} from '@parcelle/shared/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditSection } from '../account/ui';
import { useToast } from '../feedback/toast';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { uploadDocument } from './api';
import { formatBytes, formatDay, typeName } from './format';
import { VERIFICATION_KEY } from './keys';

const ACCEPT = LIMITS.contentTypes.join(',');

/** What is wrong with a file before it leaves the phone (documentFileProblem), in words, else null. */
function fileProblem(file: File, t: ReturnType<typeof useTranslation>['t'], language: 'en' | 'fr'): string | null {
  switch (documentFileProblem(file)) {
    case 'empty':
      return t('verification.documents.empty');
    case 'too_large':
      return t('verification.documents.tooLarge', {
        size: formatBytes(file.size, language),
        max: formatBytes(LIMITS.maxBytes, language),
      });
    case 'wrong_type':
      return t('verification.documents.wrongType');
    default:
      return null;
  }
}

function DocumentRow({
  kind,
  label,
  status,
  editable,
}: {
  kind: VerificationDocumentKind;
  label: string;
  status: TVerificationStatus;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadDocument(kind, file),
    onSuccess: (answer) => {
      queryClient.setQueryData(VERIFICATION_KEY, answer.data);
      toast(localized(answer.message, language), 'success');
    },
    onError: (error) => setProblem(localized(errorText(error), language)),
  });
  const stored = status.documents.find((document) => document.kind === kind);
  // The reviewer asked for this one again (decision 411): marked until a new file is sent.
  const asked = status.documents_to_resend.includes(kind);
  const chosen = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const local = fileProblem(file, t, language);
    setProblem(local);
    if (!local) upload.mutate(file);
  };
  const id = `verification-${kind}`;
  return (
    <Box
      component="li"
      data-testid={`${id}-row`}
      data-received={stored ? 'yes' : 'no'}
      data-asked={asked ? 'yes' : 'no'}
      sx={{ py: 2.5, borderTop: `1px solid ${palette.line}`, listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        {stored && !asked ? (
          <CheckCircleOutline sx={{ color: palette.success, mt: 0.25 }} aria-hidden="true" />
        ) : (
          <UploadFileOutlined sx={{ color: asked ? palette.accentDark : palette.muted, mt: 0.25 }} aria-hidden="true" />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography id={`${id}-label`} sx={{ fontWeight: 500 }}>
              {label}
            </Typography>
            {asked && (
              <Chip
                size="small"
                variant="outlined"
                label={t('verification.documents.askedAgain')}
                data-testid={`${id}-asked`}
                sx={{ color: palette.accentDark, borderColor: palette.accent }}
              />
            )}
          </Box>
          <Typography variant="body2" sx={{ color: palette.muted }} data-testid={`${id}-state`}>
            {stored
              ? t('verification.documents.received', {
                  date: formatDay(stored.uploaded_at, language),
                  type: typeName(stored.content_type),
                  size: formatBytes(stored.size_bytes, language),
                })
              : t('verification.documents.notYet')}
          </Typography>
          {problem && (
            <FormHelperText error role="alert" data-testid={`${id}-error`} sx={{ mx: 0, fontSize: 14 }}>
              {problem}
            </FormHelperText>
          )}
          {editable && (
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                onClick={() => picker.current?.click()}
                disabled={upload.isPending}
                startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
                aria-describedby={`${id}-label`}
                data-testid={`${id}-choose`}
                sx={{ minHeight: 44 }}
              >
                {upload.isPending
                  ? t('verification.documents.sending')
                  : t(stored ? 'verification.documents.replace' : 'verification.documents.choose')}
              </Button>
              {/* On a phone, the camera straight away (a PDF is still chosen with the button above). */}
              <Button
                variant="text"
                onClick={() => camera.current?.click()}
                disabled={upload.isPending}
                startIcon={<PhotoCameraOutlined />}
                aria-describedby={`${id}-label`}
                data-testid={`${id}-photo`}
                sx={{ minHeight: 44, display: { xs: 'inline-flex', md: 'none' } }}
              >
                {t('verification.documents.photo')}
              </Button>
              <input
                ref={picker}
                type="file"
                accept={ACCEPT}
                hidden
                tabIndex={-1}
                aria-hidden="true"
                data-testid={`${id}-input`}
                onChange={(event) => chosen(event.currentTarget)}
              />
              <input
                ref={camera}
                type="file"
                accept="image/jpeg,image/png"
                capture="environment"
                hidden
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => chosen(event.currentTarget)}
              />
            </Stack>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** The files a case needs for its identity document (passport: its photo page; ID card: both sides), and the proof of address. */
export function DocumentUploads({ status }: { status: TVerificationStatus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const type = status.declaration?.identity_document_type ?? null;
  const kinds = requiredDocuments(type);
  const label = (kind: VerificationDocumentKind) =>
    kind === 'identity_front' && type === 'passport'
      ? t('verification.documents.kinds.passport')
      : t(`verification.documents.kinds.${kind}`);
  return (
    <EditSection
      id="documents"
      title={t('verification.documents.title')}
      description={t('verification.documents.text')}
      testId="verification-documents"
    >
      <Typography variant="body2" sx={{ mb: 2 }} data-testid="verification-limits">
        {t('verification.documents.limits', {
          size: formatBytes(LIMITS.maxBytes, language),
          width: LIMITS.minLongSide,
          height: LIMITS.minShortSide,
        })}
      </Typography>
      {!type && status.can_edit && (
        <Typography variant="body2" sx={{ color: palette.muted, mb: 2 }} data-testid="verification-type-first">
          {t('verification.documents.identityFirst')}
        </Typography>
      )}
      <Box component="ul" sx={{ m: 0, p: 0, borderBottom: `1px solid ${palette.line}` }}>
        {kinds.map((kind) => (
          <DocumentRow key={kind} kind={kind} label={label(kind)} status={status} editable={status.can_edit} />
        ))}
      </Box>
    </EditSection>
  );
}
