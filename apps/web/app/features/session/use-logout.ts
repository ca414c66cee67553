import { DELAY_MS, WEB_DEVICE_TOKEN } from '@parcelle/shared/constants';
import { clientMessages as messages } from '@parcelle/shared/i18n/client-messages';
import { useMutation } from '@tanstack/react-query';
// The queue, not the app's provider module: the header's account island (decision 506) must not reach MUI's toast.
import { useToast } from '../feedback/toast-queue';
import { currentLanguage, localized } from '../i18n/language';
import { useNavigation } from '../layout/navigation';
import { signOutOfSocialProvider } from '../social/sign-out';
import { apiRequest } from './api';
import { errorText, isLocalized } from './api-error';
import { queryClient } from './query-client';
import { clearStoredSession, getRefreshToken } from './storage';

/**
 * Logout (spec §4): POST /auth/logout, forget tokens, member data and cached queries, sign out of the
 * social provider the session came from, confirm, then /login after 500 ms. A refused logout shows the
 * error and keeps the session.
 */
export function useLogout() {
  const { navigate } = useNavigation();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async () => {
      const refreshToken = getRefreshToken();
      // Without a refresh token there is no server session left to close.
      if (!refreshToken) return null;
      return apiRequest<unknown>('/auth/logout', {
        method: 'POST',
        body: { refresh_token: refreshToken, device_token: WEB_DEVICE_TOKEN },
      });
    },
    onSuccess: (answer) => {
      clearStoredSession();
      queryClient.clear();
      void signOutOfSocialProvider();
      const text = isLocalized(answer?.message) ? answer.message : messages.LogoutSuccessful;
      toast(localized(text, currentLanguage()), 'success');
      window.setTimeout(() => navigate('/login'), DELAY_MS.afterLogout);
    },
    onError: (error) => toast(localized(errorText(error)), 'error'),
  });
  return { logout: () => mutation.mutate(), pending: mutation.isPending };
}
