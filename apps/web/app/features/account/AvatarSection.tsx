import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../feedback/toast';
import { issueText } from '../forms/issue-text';
import { localized } from '../i18n/language';
import { MemberAvatar } from '../profile/MemberAvatar';
import { ApiError, errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { uploadProfileImage } from './api';
import { IMAGE_TYPES, imageProblem } from './schemas';
import { EditSection, SubmitButton, successText } from './ui';

/** The profile image: picked, checked (type, size), previewed, then uploaded as multipart. */
export function AvatarSection({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const issue = imageProblem(chosen);
    setProblem(issue);
    setFile(issue ? null : chosen);
    setPreview(issue ? null : URL.createObjectURL(chosen));
  };

  const upload = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    try {
      const answer = await uploadProfileImage(file);
      setFile(null);
      setPreview(null);
      toast(successText(answer, messages.ProfileImageUpdated), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
        setProblem(localized(error.error));
      } else toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setFile(null);
    setPreview(null);
    setProblem(null);
  };

  return (
    <EditSection
      id="portrait"
      title={t('account.avatar.title')}
      description={t('account.avatar.text')}
      testId="edit-avatar-section"
    >
      <Box component="form" onSubmit={upload} noValidate>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2.5, sm: 4 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <MemberAvatar user={profile} src={preview} size={112} testId="edit-avatar" framed />
          <Box>
            <input
              ref={input}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              hidden
              onChange={pick}
              data-testid="edit-avatar-input"
            />
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
              {file ? (
                <>
                  <SubmitButton busy={busy} data-testid="edit-avatar-upload">
                    {t('account.avatar.upload')}
                  </SubmitButton>
                  <Button onClick={cancel} disabled={busy} color="inherit" data-testid="edit-avatar-cancel">
                    {t('account.cancel')}
                  </Button>
                </>
              ) : (
                <Button variant="outlined" onClick={() => input.current?.click()} data-testid="edit-avatar-choose">
                  {t(profile.img ? 'account.avatar.replace' : 'account.avatar.choose')}
                </Button>
              )}
            </Stack>
            <Typography variant="body2" sx={{ color: palette.muted, mt: 1.5 }}>
              {file ? file.name : t('account.avatar.rules')}
            </Typography>
          </Box>
        </Stack>
        {problem && (
          <Alert severity="error" variant="outlined" sx={{ mt: 3 }} data-testid="edit-avatar-error">
            {issueText(t, problem)}
          </Alert>
        )}
      </Box>
    </EditSection>
  );
}
