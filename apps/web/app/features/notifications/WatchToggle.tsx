import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../feedback/toast-queue';
import { PlainSmallButton } from '../forms/PlainSmallButton';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import styles from './watch-toggle.module.css';
import { unwatchWork, WATCHLIST_KEY, watchlistQuery, watchWork } from './watchlist';

/** MUI's BookmarkAdded and BookmarkAddOutlined icons. */
const WATCHING =
  'm19 21-7-3-7 3V5c0-1.1.9-2 2-2h7c-.63.84-1 1.87-1 3 0 2.76 2.24 5 5 5 .34 0 .68-.03 1-.1zM17.83 9 15 6.17l1.41-1.41 1.41 1.41 3.54-3.54 1.41 1.41z';
const NOT_WATCHING = 'M17 11v6.97l-5-2.14-5 2.14V5h6V3H7c-1.1 0-2 .9-2 2v16l7-3 7 3V11zm4-4h-2v2h-2V7h-2V5h2V3h2v2h2z';

/**
 * "Watch" on a work's page for a signed-in member (issue 17): a toggle button (aria-pressed) kept in the watchlist.
 * A plain button as MUI's small text Button drew it (decision 537): a document's island mounts it without MUI, its
 * messages in whichever toast queue holds it (the app's or the islands' plain one).
 */
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
    <PlainSmallButton
      type="button"
      variant="text"
      aria-pressed={watching}
      title={t('notifications.watchHint')}
      disabled={list.isPending || toggle.isPending}
      onClick={() => toggle.mutate()}
      startIcon={
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={watching ? WATCHING : NOT_WATCHING} />
        </svg>
      }
      data-testid="watch-toggle"
      className={styles.toggle}
    >
      {t('notifications.watch')}
    </PlainSmallButton>
  );
}
