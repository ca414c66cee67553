import { Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { NOTIFICATIONS_PAGE_SIZE, type TNotification } from '@parcelle/shared/contracts/notifications';
import { formatDate } from '@parcelle/shared/dates';
import { NOTIFICATION_KIND_LABELS, notificationText } from '@parcelle/shared/notification-texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../feedback/toast';
import { Pager } from '../history/Pager';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import {
  markAllRead,
  markRead,
  NOTIFICATIONS_KEY,
  notificationsQuery,
  PREFERENCES_KEY,
  preferencesQuery,
  savePreference,
} from './api';

function NotificationItem({ notification, onRead }: { notification: TNotification; onRead: (id: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const work = notification.work ? (language === 'fr' ? notification.work.title_fr : notification.work.title_en) : '';
  const text = notificationText(language, notification, work);
  const paintingId = 'painting_id' in notification.payload ? notification.payload.painting_id : null;
  return (
    <Box
      component="li"
      data-testid="notification"
      data-read={notification.read}
      sx={{
        py: 3,
        borderBottom: `1px solid ${palette.line}`,
        borderLeft: notification.read ? '2px solid transparent' : `2px solid ${palette.accent}`,
        pl: 2.5,
      }}
    >
      <Typography variant="body2" sx={{ color: palette.muted, mb: 0.5 }}>
        {formatDate(notification.created_at, language)}
        {!notification.read && ` · ${t('inbox.unread')}`}
      </Typography>
      <Typography variant="h6" component="h3" sx={{ mb: 1, fontWeight: notification.read ? 400 : 500 }}>
        {text.title}
      </Typography>
      {/* A body's blank lines are paragraphs (a decision, the documents asked for, the operator's message). */}
      <Typography sx={{ maxWidth: 680, whiteSpace: 'pre-line' }}>{text.body}</Typography>
      <Stack direction="row" sx={{ gap: 2, mt: 1.5, flexWrap: 'wrap' }}>
        {paintingId && notification.work && (
          <Button component={Link} to={`/primary-market/details/${paintingId}`} size="small" sx={{ px: 0 }}>
            {t('inbox.seeWork')}
            <Box component="span" sx={visuallyHidden}>
              {`: ${work}`}
            </Box>
          </Button>
        )}
        {!notification.read && (
          <Button size="small" onClick={() => onRead(notification.id)} data-testid="notification-read">
            {t('inbox.markRead')}
            <Box component="span" sx={visuallyHidden}>
              {`: ${text.title}`}
            </Box>
          </Button>
        )}
      </Stack>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Which kinds also come by email: one switch per kind, saved at once. */
function EmailPreferences() {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const preferences = useQuery(preferencesQuery);
  const save = useMutation({
    mutationFn: ({ kind, email }: { kind: TNotification['kind']; email: boolean }) => savePreference(kind, email),
    onSuccess: (answer) => {
      queryClient.setQueryData(PREFERENCES_KEY, answer.data);
      toast(localized(answer.message, language), 'success');
    },
    onError: (error) => toast(errorText(error)[language], 'error'),
  });
  return (
    <Box component="section" aria-labelledby="email-preferences-title" sx={{ mt: 8 }} data-testid="email-preferences">
      <Typography id="email-preferences-title" variant="h4" component="h2" sx={{ mb: 1 }}>
        {t('inbox.preferences.title')}
      </Typography>
      <Typography sx={{ color: palette.muted, mb: 3, maxWidth: 640 }}>{t('inbox.preferences.intro')}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {(preferences.data?.preferences ?? []).map((preference) => (
          <li key={preference.kind}>
            <FormControlLabel
              control={
                <Switch
                  checked={preference.email}
                  disabled={save.isPending}
                  onChange={(event) => save.mutate({ kind: preference.kind, email: event.target.checked })}
                  slotProps={{
                    input: {
                      'aria-label': t('inbox.preferences.email', {
                        kind: NOTIFICATION_KIND_LABELS[preference.kind][language],
                      }),
                    },
                  }}
                  data-testid={`email-${preference.kind}`}
                />
              }
              label={NOTIFICATION_KIND_LABELS[preference.kind][language]}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** /user/notifications (issue 17): the member's notifications, newest first, and their email preferences. */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  usePageMeta(t('inbox.title'), t('inbox.metaDescription'));
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const page = useQuery(notificationsQuery(offset));
  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  const one = useMutation({
    mutationFn: markRead,
    onSuccess: refresh,
    onError: (error) => toast(errorText(error)[language], 'error'),
  });
  const all = useMutation({
    mutationFn: markAllRead,
    onSuccess: refresh,
    onError: (error) => toast(errorText(error)[language], 'error'),
  });
  const data = page.data;
  return (
    <Box data-testid="notifications-screen">
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('inbox.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 4, maxWidth: 640 }}>
        {t('inbox.intro')}
      </Typography>
      <Box component="section" aria-labelledby="notifications-list-title">
        <Stack
          direction="row"
          sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
        >
          <Typography id="notifications-list-title" variant="h4" component="h2">
            {t('inbox.list')}
          </Typography>
          <Button
            variant="outlined"
            size="small"
            disabled={!data || data.unread === 0 || all.isPending}
            onClick={() => all.mutate()}
            data-testid="notifications-read-all"
          >
            {t('inbox.markAllRead')}
          </Button>
        </Stack>
        {data && data.total === 0 && (
          <Typography sx={{ color: palette.muted, mt: 3 }} data-testid="notifications-empty">
            {t('inbox.empty')}
          </Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 2 }} aria-busy={page.isPending}>
          {data?.notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onRead={(id) => one.mutate(id)} />
          ))}
        </Box>
        <Box sx={{ mt: 3 }}>
          <Pager
            name="notifications"
            offset={offset}
            pageSize={NOTIFICATIONS_PAGE_SIZE}
            total={data?.total}
            busy={page.isPlaceholderData}
            onOffset={setOffset}
          />
        </Box>
      </Box>
      <EmailPreferences />
    </Box>
  );
}
