import BookmarkAdded from '@mui/icons-material/BookmarkAdded';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import { Button } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../feedback/toast';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { unwatchWork, WATCHLIST_KEY, watchlistQuery, watchWork } from './api';

/** "Watch" on a work's page for a signed-in member (issue 17): a toggle button (aria-pressed) kept in the watchlist. */
export function WatchToggle({ paintingId }: { paintingId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useQuery(watchlistQuery);
  const watching = list.data?.works.some((work) => work.painting_id === paintingId) ?? false;
  const toggle = useMutation({
    mutationFn: () => (watching ? unwatchWork(paintingId) : watchWork(paintingId)),
    onSuccess: (answer) => {
      toast(localized(answer.message, language), 'success');
      return queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY });
    },
    onError: (error) => toast(errorText(error)[language], 'error'),
  });
  return (
    <Button
      variant="text"
      size="small"
      aria-pressed={watching}
      title={t('notifications.watchHint')}
      disabled={list.isPending || toggle.isPending}
      onClick={() => toggle.mutate()}
      startIcon={watching ? <BookmarkAdded /> : <BookmarkAddOutlined />}
      data-testid="watch-toggle"
      sx={{ px: 0 }}
    >
      {t('notifications.watch')}
    </Button>
  );
}
