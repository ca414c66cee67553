import { Box, Stack, Typography } from '@mui/material';
import type { TComplaintReceipt } from '@parcelle/shared/contracts/complaints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../layout/use-page-meta';
import { useSession } from '../session/use-session';
import { palette } from '../theme/theme';
import { COMPLAINTS_KEY, memberComplaintsQuery } from './api';
import { ComplaintForm } from './ComplaintForm';
import { ComplaintItem, ComplaintReceipt, ComplaintsAddress } from './ComplaintParts';

/** The form, or the receipt once sent (until the complainant asks for the form again). */
function FileOrReceipt({ mode, onFiled }: { mode: 'member' | 'visitor'; onFiled?: () => void }) {
  const [receipt, setReceipt] = useState<TComplaintReceipt | null>(null);
  return receipt ? (
    <ComplaintReceipt receipt={receipt} onAnother={() => setReceipt(null)} />
  ) : (
    <ComplaintForm
      mode={mode}
      onFiled={(filed) => {
        setReceipt(filed);
        onFiled?.();
      }}
    />
  );
}

/** /user/complaints (issue 30): file a complaint, follow one's own, and the published address. */
export function MemberComplaintsScreen() {
  const { t } = useTranslation();
  usePageMeta(t('complaints.title'));
  const queryClient = useQueryClient();
  const list = useQuery(memberComplaintsQuery);
  const complaints = list.data?.complaints ?? [];
  return (
    <Stack spacing={6} data-testid="member-complaints">
      <Box>
        <Typography variant="h3" component="h1" sx={{ mb: 1.5 }}>
          {t('complaints.title')}
        </Typography>
        <Typography sx={{ color: palette.muted, maxWidth: 680 }}>{t('complaints.intro')}</Typography>
      </Box>
      <FileOrReceipt mode="member" onFiled={() => void queryClient.invalidateQueries({ queryKey: COMPLAINTS_KEY })} />
      <Box component="section" aria-labelledby="my-complaints-title">
        <Typography id="my-complaints-title" variant="h4" component="h2" sx={{ mb: 0.5 }}>
          {t('complaints.list.title')}
        </Typography>
        {list.isSuccess && (
          <Typography variant="body2" sx={{ color: palette.muted }}>
            {complaints.length === 0
              ? t('complaints.list.empty')
              : t('complaints.list.count', { count: complaints.length })}
          </Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="complaints-list">
          {complaints.map((complaint) => (
            <ComplaintItem key={complaint.id} complaint={complaint} />
          ))}
        </Box>
      </Box>
      <ComplaintsAddress />
    </Stack>
  );
}

/**
 * /complaints (issue 30): the public page with the published address; a visitor files here by email address
 * (decision 352), a signed-in member is sent to their own page, where they follow their complaints.
 */
export function PublicComplaintsScreen() {
  const { t } = useTranslation();
  usePageMeta(t('complaints.title'), t('complaints.intro'));
  const session = useSession();
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', px: { xs: 2.5, md: 4 }, py: { xs: 6, md: 10 } }}>
      <Stack spacing={6} data-testid="public-complaints">
        <Box>
          <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
            {t('complaints.title')}
          </Typography>
          <Typography sx={{ color: palette.muted, maxWidth: 680 }}>{t('complaints.intro')}</Typography>
          <Typography sx={{ mt: 1.5 }}>
            {session.signedIn ? (
              <Link to="/user/complaints" data-testid="complaints-member-link">
                {t('account.complaints')}
              </Link>
            ) : (
              <>
                {t('complaints.form.memberHint')}{' '}
                <Link to="/login" data-testid="complaints-sign-in">
                  {t('complaints.form.signIn')}
                </Link>
              </>
            )}
          </Typography>
        </Box>
        {!session.signedIn && <FileOrReceipt mode="visitor" />}
        <ComplaintsAddress />
      </Stack>
    </Box>
  );
}
