import type {
  TVerificationDeclaration,
  TVerificationProviderSession,
  TVerificationStatus,
} from '@parcelle/shared/contracts/verification';
import type { VerificationDocumentKind } from '@parcelle/shared/verification';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiData, apiRequest } from '../session/api';
import { ApiError } from '../session/api-error';
import { useStoredSession } from '../session/use-session';
import { IDENTITY_STEP, STEP_REFUSED_EVENT, VERIFICATION_KEY } from './keys';

/** The calls of the member's identity verification (issue 29; apps/api/src/modules/verification/routes.ts). */

export const verificationQuery = queryOptions({
  queryKey: VERIFICATION_KEY,
  queryFn: () => apiData<TVerificationStatus>('/user/verification'),
  staleTime: 30_000,
});

/** Optional texts left empty are not sent (the API keeps them absent rather than blank). */
function withoutBlanks(declaration: TVerificationDeclaration): TVerificationDeclaration {
  const copy = { ...declaration, address: { ...declaration.address } };
  if (!copy.address.line2?.trim()) delete copy.address.line2;
  if (!copy.tax_identification_number?.trim()) delete copy.tax_identification_number;
  if (!copy.pep_details?.trim()) delete copy.pep_details;
  return copy;
}

export function saveDeclaration(declaration: TVerificationDeclaration) {
  return apiRequest<TVerificationStatus>('/user/verification', { method: 'PUT', body: withoutBlanks(declaration) });
}

export function uploadDocument(kind: VerificationDocumentKind, file: File) {
  const body = new FormData();
  // The kind first: the server reads the fields before the file's bytes.
  body.append('kind', kind);
  body.append('file', file, file.name);
  return apiRequest<TVerificationStatus>('/user/verification/documents', { method: 'POST', body });
}

export function submitVerification() {
  return apiRequest<TVerificationStatus>('/user/verification/submit', { method: 'POST' });
}

/** The hosted identity check of the server's provider, for the member's own case (decision 290). */
export function openProviderSession() {
  return apiRequest<TVerificationProviderSession>('/user/verification/provider-session', { method: 'POST' });
}

/** A refusal of a money gate (403 naming the identity step): the step is shown instead of the raw error. */
export function isVerificationStep(error: unknown): error is ApiError {
  return error instanceof ApiError && error.step === IDENTITY_STEP;
}

export type VerificationGate = {
  /** Signed in and not (yet) allowed to move money: show the step before they try. */
  gated: boolean;
  status: TVerificationStatus | undefined;
  /** Still reading the state (signed in): a money button waits rather than flashing. */
  pending: boolean;
};

/**
 * Where a signed-in member stands before a money action (GET /user/verification). A visitor is not gated here (they
 * sign up first); a failed read does not gate either: the API's own 403 then names the step.
 */
export function useVerificationGate(): VerificationGate {
  const { token } = useStoredSession();
  const query = useQuery({ ...verificationQuery, enabled: Boolean(token) });
  const queryClient = useQueryClient();
  // A gate's refusal means the state read before is stale (suspended meanwhile…): read it again, the step then shows.
  useEffect(() => {
    const stale = () => void queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY });
    window.addEventListener(STEP_REFUSED_EVENT, stale);
    return () => window.removeEventListener(STEP_REFUSED_EVENT, stale);
  }, [queryClient]);
  const status = token ? query.data : undefined;
  return { gated: Boolean(status && !status.verified), status, pending: Boolean(token) && query.isPending };
}
