import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { Box, Button, Checkbox, FormControlLabel, Link, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { TKeyInformationStatus } from '@parcelle/shared/contracts/key-information';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized, useLanguage } from '../i18n/language';
import { ApiError } from '../session/api-error';
import { palette } from '../theme/theme';
import { acknowledgeKeyInformation, keyInformationKeys } from './api';

type Props = {
  paintingId: string;
  /** The member's standing on the work's current version (GET /user/key-information/:id). */
  status: TKeyInformationStatus;
  testId?: string;
  dense?: boolean;
};

/** The public address of a version's PDF (no token: the document is public). */
export const keyInformationPdfHref = (paintingId: string, version: number, lang: 'en' | 'fr') =>
  `/api/paintings/${paintingId}/key-information/${version}/${lang}/pdf`;

/**
 * The key information step of a primary purchase (issue 30): before paying, the member opens the work's document (its
 * page or its PDF, in a new tab so the purchase stays as it is) and confirms having read that version. The
 * confirmation is offered once a document was opened; a work with no published document cannot be bought yet.
 */
export function KeyInformationStep({ paintingId, status, testId = 'key-information-step', dense = false }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [read, setRead] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const version = status.version;
  const newWindow = (
    <Box component="span" sx={visuallyHidden}>
      {` (${t('footer.newWindow')})`}
    </Box>
  );

  const confirm = async () => {
    if (!status.version_id) return;
    setBusy(true);
    setError(null);
    try {
      await acknowledgeKeyInformation(paintingId, status.version_id, language);
    } catch (failure) {
      setError(failure instanceof ApiError ? localized(failure.error, language) : t('keyInformation.step.failed'));
      setRead(false);
      setOpened(false);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: keyInformationKeys.status(paintingId) });
    }
  };

  return (
    <Box
      role="region"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      sx={{
        border: `1px solid ${palette.accent}`,
        bgcolor: palette.paper,
        p: dense ? 2.5 : { xs: 2.5, sm: 3 },
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 1,
      }}
    >
      <DescriptionOutlined aria-hidden="true" sx={{ color: palette.accent, mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" sx={{ color: palette.accentDark, lineHeight: 1.6 }}>
          {t('keyInformation.step.label')}
        </Typography>
        <Typography id={`${testId}-title`} component="p" sx={{ fontWeight: 500, fontSize: 17, mb: 0.75 }}>
          {status.published ? t('keyInformation.step.title') : t('keyInformation.step.unpublishedTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: palette.muted }} data-testid={`${testId}-text`}>
          {status.published ? t('msg:KeyInformationRequired') : t('msg:KeyInformationUnpublished')}
        </Typography>
        {status.published && version !== null && (
          <>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
              <Link
                href={status.page}
                target="_blank"
                rel="noopener"
                onClick={() => setOpened(true)}
                data-testid={`${testId}-page`}
              >
                {t('keyInformation.step.open', { version })}
                {newWindow}
              </Link>
              {(['en', 'fr'] as const).map((lang) => (
                <Link
                  key={lang}
                  href={keyInformationPdfHref(paintingId, version, lang)}
                  target="_blank"
                  rel="noopener"
                  hrefLang={lang}
                  onClick={() => setOpened(true)}
                  data-testid={`${testId}-pdf-${lang}`}
                >
                  {t(`keyInformation.pdf.${lang}`)}
                  {newWindow}
                </Link>
              ))}
            </Stack>
            <FormControlLabel
              sx={{ mt: 1.5, alignItems: 'flex-start' }}
              control={
                <Checkbox
                  checked={read}
                  disabled={!opened || busy}
                  onChange={(event) => setRead(event.target.checked)}
                  sx={{ mt: -0.75 }}
                  slotProps={{ input: { 'aria-describedby': opened ? undefined : `${testId}-hint` } as object }}
                  data-testid={`${testId}-read`}
                />
              }
              label={t('keyInformation.step.read', { version })}
            />
            {!opened && (
              <Typography id={`${testId}-hint`} variant="body2" sx={{ color: palette.muted }}>
                {t('keyInformation.step.openFirst')}
              </Typography>
            )}
            {error && (
              <Typography
                role="alert"
                variant="body2"
                sx={{ color: palette.error, mt: 1 }}
                data-testid={`${testId}-error`}
              >
                {error}
              </Typography>
            )}
            <Button
              variant="contained"
              onClick={() => void confirm()}
              disabled={!read || busy}
              sx={{ mt: 2, minHeight: 44 }}
              data-testid={`${testId}-confirm`}
            >
              {t('keyInformation.step.confirm')}
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}
