import type { Currency } from '@parcelle/shared/constants';
import type {
  TInvestmentWarningCheck,
  TInvestorProfile,
  TKnowledgeTestRequest,
  TLossSimulationRequest,
  TSophisticationRequest,
} from '@parcelle/shared/contracts/investor';
import type { Language } from '@parcelle/shared/i18n/messages';
import { messages } from '@parcelle/shared/i18n/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, apiData, apiRequest } from '../session/api';
import { ApiError, isLocalized } from '../session/api-error';
import { RefreshFailed, refreshAccessToken } from '../session/refresh';
import { getAccessToken, getRefreshToken } from '../session/storage';
import { useStoredSession } from '../session/use-session';
import { INVESTMENT_WARNING_STEP, INVESTOR_GATE_STEPS, INVESTOR_KEY } from './keys';

/** The calls of the investor's protections (issue 30; apps/api/src/modules/investor/routes.ts). */

export const investorQuery = queryOptions({
  queryKey: INVESTOR_KEY,
  queryFn: () => apiData<TInvestorProfile>('/user/investor'),
  staleTime: 30_000,
});

export const takeKnowledgeTest = (body: TKnowledgeTestRequest) =>
  apiRequest<TInvestorProfile>('/user/investor/knowledge-test', { method: 'POST', body });

export const acknowledgeRiskWarning = (version: string, language: Language) =>
  apiRequest<TInvestorProfile>('/user/investor/risk-warning', { method: 'POST', body: { version, language } });

export const simulateLoss = (body: TLossSimulationRequest) =>
  apiRequest<TInvestorProfile>('/user/investor/loss-simulation', { method: 'POST', body });

export const requestSophistication = (body: TSophisticationRequest) =>
  apiRequest<TInvestorProfile>('/user/investor/sophistication', { method: 'POST', body });

/** Attaches one file of evidence to the member's pending request (checked again by its content on the server). */
export function uploadEvidence(requestId: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest<TInvestorProfile>(`/user/investor/sophistication/${encodeURIComponent(requestId)}/documents`, {
    method: 'POST',
    body,
  });
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

function fetchEvidence(requestId: string, documentId: string, token: string | null) {
  return fetch(
    `${API_BASE}/user/investor/sophistication/${encodeURIComponent(requestId)}/documents/${encodeURIComponent(documentId)}`,
    { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  );
}

/**
 * One of the member's own evidence files: the route needs the Bearer token, so it cannot be a plain link. Fetched
 * (renewing an expired token once), then handed to the browser as a download from an object URL.
 */
export async function downloadEvidence(requestId: string, document: { id: string; content_type: string }) {
  let response = await fetchEvidence(requestId, document.id, getAccessToken());
  if (response.status === 401) {
    try {
      response = await fetchEvidence(requestId, document.id, await refreshAccessToken(getRefreshToken()));
    } catch (error) {
      if (!(error instanceof RefreshFailed)) throw error;
    }
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ApiError(response.status, isLocalized(body?.error) ? body.error : messages.SomethingWentWrong);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  link.download = `evidence-${document.id}.${EXTENSIONS[document.content_type] ?? 'bin'}`;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A refusal of the investor gate (403 naming a missing onboarding step). */
export function isInvestorStep(error: unknown): error is ApiError {
  return error instanceof ApiError && (INVESTOR_GATE_STEPS as readonly string[]).includes(error.step ?? '');
}

/** A refusal asking for the per-investment warning's consent. */
export function isInvestmentWarningStep(error: unknown): error is ApiError {
  return error instanceof ApiError && error.step === INVESTMENT_WARNING_STEP;
}

/**
 * Where a signed-in member stands before buying (GET /user/investor): `gated` while an onboarding step is missing. A
 * failed read does not gate: the API's own 403 then names the step.
 */
export function useInvestorGate() {
  const { token } = useStoredSession();
  const query = useQuery({ ...investorQuery, enabled: Boolean(token) });
  const profile = token ? query.data : undefined;
  return { gated: Boolean(profile && !profile.ready), profile, pending: Boolean(token) && query.isPending };
}

/**
 * Whether an investment of this amount needs the per-investment warning (GET /user/investor/investment-warning), so
 * the warning shows before the purchase is sent. The server checks again when it arrives.
 */
export function useInvestmentWarning(amountMinor: number | null, currency: Currency, enabled: boolean) {
  const { token } = useStoredSession();
  return useQuery({
    queryKey: [...INVESTOR_KEY, 'warning', amountMinor, currency],
    queryFn: () =>
      apiData<TInvestmentWarningCheck>(
        `/user/investor/investment-warning?amount_minor=${amountMinor ?? 0}&currency=${currency}`,
      ),
    enabled: Boolean(token) && enabled && amountMinor !== null && amountMinor > 0,
    staleTime: 30_000,
  });
}
