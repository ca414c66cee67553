import { clientMessages as messages } from '@parcelle/shared/i18n/client-messages';
import { currentLanguage } from '../i18n/language';
import { STEP_REFUSED_EVENT } from '../verification/keys';
import { ApiError, ENDED_SESSION_ERRORS, EXPIRED_TOKEN_ERRORS, isLocalized, NETWORK_ERROR } from './api-error';
import { endSession } from './end';
import { RefreshFailed, refreshAccessToken } from './refresh';
import { getAccessToken, getRefreshToken } from './storage';

export const API_BASE = '/api';

export type ApiSuccess<T> = { status: number; data: T; message: { en: string; fr: string } };

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart/form-data when it is a FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Extra headers (e.g. Idempotency-Key on money calls). */
  headers?: Record<string, string>;
  /** The browser cache mode: `no-cache` revalidates a public read (ETag) that the member's own action just changed. */
  cache?: RequestCache;
};

function urlOf(path: string, query: ApiRequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

function send(path: string, options: ApiRequestOptions, accessToken: string | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const language = currentLanguage();
  const multipart = options.body instanceof FormData;
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'Accept-Language': language,
    'X-localization': language,
  };
  // A multipart body (e.g. /user/profile-image) sets its own content type with the boundary.
  if (!multipart) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  // A JSON content type with an empty body is refused by the server: send {} when there is nothing.
  let body: BodyInit | undefined;
  if (method !== 'GET') body = multipart ? (options.body as FormData) : JSON.stringify(options.body ?? {});
  return fetch(urlOf(path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
    ...(options.cache ? { cache: options.cache } : {}),
  });
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function failure(status: number, body: unknown): ApiError {
  const { error, step, page } = (body as { error?: unknown; step?: unknown; page?: unknown } | null) ?? {};
  if (isLocalized(error)) return new ApiError(status, error, { step, page });
  return new ApiError(status, status >= 500 ? messages.InternalServerError : messages.SomethingWentWrong);
}

async function attempt(path: string, options: ApiRequestOptions, accessToken: string | null) {
  let response: Response;
  try {
    response = await send(path, options, accessToken);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  return { response, body: await readBody(response) };
}

function sessionProblem(status: number, body: unknown): 'expired' | 'ended' | null {
  if (status !== 401) return null;
  const english = (body as { error?: { en?: unknown } } | null)?.error?.en;
  if (typeof english !== 'string') return null;
  if (EXPIRED_TOKEN_ERRORS.includes(english)) return 'expired';
  if (ENDED_SESSION_ERRORS.includes(english)) return 'ended';
  return null;
}

/**
 * Calls the API (same origin, `/api/...`). Resolves with the success envelope, or throws an ApiError
 * carrying the status and the `{en, fr}` error. An expired access token is renewed once and the
 * request replayed; when the session cannot be renewed it is cleared and the member sent to /login.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiSuccess<T>> {
  const usedAccess = getAccessToken();
  const usedRefresh = getRefreshToken();
  let { response, body } = await attempt(path, options, usedAccess);
  let problem = usedAccess ? sessionProblem(response.status, body) : null;

  if (problem === 'expired') {
    let freshAccess: string;
    try {
      freshAccess = await refreshAccessToken(usedRefresh);
    } catch (error) {
      if (!(error instanceof RefreshFailed)) throw error;
      endSession();
      throw failure(response.status, body);
    }
    ({ response, body } = await attempt(path, options, freshAccess));
    problem = sessionProblem(response.status, body);
  }
  if (problem) {
    endSession();
    throw failure(response.status, body);
  }
  if (!response.ok) {
    const error = failure(response.status, body);
    // A refusal naming a step (a money gate, issue 29): the state the gates read is stale; they read it again.
    if (error.step && typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent(STEP_REFUSED_EVENT, { detail: error.step }));
    }
    throw error;
  }
  return body as ApiSuccess<T>;
}

/** The `data` of a call, for query functions. */
export async function apiData<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
