import type { TKeyInformationStatus, TKeyInformationVersion } from '@parcelle/shared/contracts/key-information';
import type { Language } from '@parcelle/shared/i18n/messages';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiData, apiRequest } from '../session/api';
import { ApiError } from '../session/api-error';
import { useStoredSession } from '../session/use-session';
import { STEP_REFUSED_EVENT } from '../verification/keys';

/** The key information documents of issue 30 (apps/api/src/modules/key-information/routes.ts). */

/** The step a refused primary purchase names (403 `step`), resolved on the work's document page. */
export const KEY_INFORMATION_STEP = 'key_information';

export const keyInformationKeys = {
  document: (paintingId: string) => ['key-information', paintingId] as const,
  status: (paintingId: string) => ['user', 'key-information', paintingId] as const,
};

/** The work's current published version, both languages (public). */
export const keyInformationQuery = (paintingId: string) =>
  queryOptions({
    queryKey: keyInformationKeys.document(paintingId),
    queryFn: () => apiData<TKeyInformationVersion>(`/paintings/${paintingId}/key-information`),
    staleTime: 60_000,
    retry: false,
  });

/** Where the signed-in member stands on the work's current version. */
export const keyInformationStatusQuery = (paintingId: string) =>
  queryOptions({
    queryKey: keyInformationKeys.status(paintingId),
    queryFn: () => apiData<TKeyInformationStatus>(`/user/key-information/${paintingId}`),
    staleTime: 30_000,
  });

export function acknowledgeKeyInformation(paintingId: string, versionId: string, language: Language) {
  return apiRequest<TKeyInformationStatus>(`/user/key-information/${paintingId}/acknowledge`, {
    method: 'POST',
    body: { version_id: versionId, language },
  });
}

/** A refusal of the purchase gate naming this step. */
export function isKeyInformationStep(error: unknown): error is ApiError {
  return error instanceof ApiError && error.step === KEY_INFORMATION_STEP;
}

/**
 * Whether a signed-in member must still read and acknowledge the work's document before buying it. A failed read does
 * not gate: the API's 403 stays the rule (and makes this read again).
 */
export function useKeyInformationGate(paintingId: string | null | undefined, enabled = true) {
  const { token } = useStoredSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...keyInformationStatusQuery(paintingId ?? ''),
    enabled: Boolean(token && paintingId && enabled),
  });
  useEffect(() => {
    if (!paintingId) return;
    const stale = () => void queryClient.invalidateQueries({ queryKey: keyInformationKeys.status(paintingId) });
    window.addEventListener(STEP_REFUSED_EVENT, stale);
    return () => window.removeEventListener(STEP_REFUSED_EVENT, stale);
  }, [queryClient, paintingId]);
  const status = token && paintingId ? query.data : undefined;
  return {
    gated: Boolean(status?.required && !status.acknowledged),
    status,
    pending: Boolean(token && paintingId && enabled) && query.isPending,
  };
}
