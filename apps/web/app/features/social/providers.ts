import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../session/api';

export type SocialProvider = 'google' | 'microsoft';
export type GoogleSettings = { client_id: string };
export type MicrosoftSettings = { client_id: string; tenant: string };
export type SocialProviders = { google: GoogleSettings | null; microsoft: MicrosoftSettings | null };

export const NO_PROVIDERS: SocialProviders = { google: null, microsoft: null };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Keeps only providers with a client id; a missing tenant is Microsoft's multi-tenant `common`. */
export function toSocialProviders(value: unknown): SocialProviders {
  const data = (value ?? {}) as { google?: { client_id?: unknown } | null; microsoft?: Record<string, unknown> | null };
  const googleId = text(data.google?.client_id);
  const microsoftId = text(data.microsoft?.client_id);
  return {
    google: googleId ? { client_id: googleId } : null,
    microsoft: microsoftId ? { client_id: microsoftId, tenant: text(data.microsoft?.tenant) ?? 'common' } : null,
  };
}

/**
 * GET /auth/social/providers → {google: {client_id} | null, microsoft: {client_id, tenant} | null}.
 * Any failure (older server, network) means no social sign-in: the buttons simply stay hidden.
 */
export const socialProvidersQuery = queryOptions({
  queryKey: ['auth', 'social-providers'],
  queryFn: async (): Promise<SocialProviders> => {
    try {
      return toSocialProviders(await apiData<unknown>('/auth/social/providers'));
    } catch {
      return NO_PROVIDERS;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
