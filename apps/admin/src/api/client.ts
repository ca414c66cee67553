import { type Localized, messages } from '@parcelle/shared/i18n/messages';
import type { HttpError } from '@refinedev/core';
import { currentLanguage } from '../providers/i18n';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './storage';

export const API_BASE = '/api';

/** A failed call, as Refine expects it (`message`, `statusCode`), with the server's text in both languages. */
export type ApiHttpError = HttpError & { error: Localized; field?: string };

/** No answer at all: the request never reached the API. */
export const NETWORK_ERROR: Localized = {
  en: 'The service cannot be reached. Please check your connection and try again.',
  fr: 'Le service est injoignable. Veuillez vérifier votre connexion et réessayer.',
};

function isLocalized(value: unknown): value is Localized {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as Localized).en === 'string' &&
    typeof (value as Localized).fr === 'string'
  );
}

/** The API's `{status, error: {en, fr}, field?}` failure as a Refine error, its message in the current language. */
export function toHttpError(status: number, body: unknown): ApiHttpError {
  const failure = (body ?? {}) as { error?: unknown; field?: unknown };
  const error = isLocalized(failure.error)
    ? failure.error
    : status >= 500
      ? messages.InternalServerError
      : status === 0
        ? NETWORK_ERROR
        : messages.SomethingWentWrong;
  const field = typeof failure.field === 'string' ? failure.field : undefined;
  const message = error[currentLanguage()] || error.en;
  return {
    message,
    statusCode: status,
    error,
    ...(field ? { field, errors: { [field]: message } } : {}),
  };
}

export function isApiHttpError(value: unknown): value is ApiHttpError {
  return !!value && typeof value === 'object' && typeof (value as ApiHttpError).statusCode === 'number';
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Without the operator's token (sign-in, refresh). */
  anonymous?: boolean;
  /** Replaces the stored token (the sign-in answer before it is stored). */
  token?: string;
  signal?: AbortSignal;
};

export function urlOf(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

async function send(path: string, options: RequestOptions, token: string | null) {
  const method = options.method ?? 'GET';
  const language = currentLanguage();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
    'X-localization': language,
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(urlOf(path, options.query), {
      method,
      headers,
      // The server refuses a JSON content type with an empty body: {} when there is nothing to send.
      body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toHttpError(0, null);
  }
  const body: unknown = await response.json().catch(() => null);
  return { response, body };
}

/**
 * 401 answers that ask for a new token pair (as the web app's api-error.ts); an operator session past its lifetime
 * refuses the refresh too, which sends the operator to sign in again (password and TOTP).
 */
const EXPIRED: readonly string[] = [
  messages.JwtTokenExpired.en,
  messages.InvalidToken.en,
  messages.OperatorSessionExpired.en,
];

function expired(status: number, body: unknown): boolean {
  const english = (body as { error?: { en?: unknown } } | null)?.error?.en;
  return status === 401 && typeof english === 'string' && EXPIRED.includes(english);
}

let refreshing: Promise<string | null> | null = null;

/** A new token pair from the refresh token (one at a time); null when the session is over. */
export function refreshTokens(): Promise<string | null> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return null;
    const { response, body } = await send(
      '/auth/token/refresh',
      { method: 'POST', body: { refresh_token: refreshToken } },
      null,
    );
    const data = (body as { data?: { access_token?: unknown; refresh_token?: unknown } } | null)?.data;
    if (!response.ok || typeof data?.access_token !== 'string' || typeof data.refresh_token !== 'string') {
      if (response.status < 500) clearTokens();
      return null;
    }
    storeTokens(data.access_token, data.refresh_token);
    return data.access_token;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls the API and answers the success envelope's `data`; a failure throws an ApiHttpError. An expired access token is
 * renewed once and the call replayed, the same mechanism as the member site's.
 */
export async function apiCall<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.anonymous ? null : (options.token ?? getAccessToken());
  let { response, body } = await send(path, options, token);
  if (token && !options.token && expired(response.status, body)) {
    const fresh = await refreshTokens();
    if (fresh) ({ response, body } = await send(path, options, fresh));
  }
  if (!response.ok) throw toHttpError(response.status, body);
  return (body as { data: T }).data;
}
