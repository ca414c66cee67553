import { refreshTokens, toHttpError, urlOf } from '../../api/client';
import { getAccessToken } from '../../api/storage';
import { currentLanguage } from '../../providers/i18n';

/** The file name of a `content-disposition: attachment; filename="…"` header, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

async function get(path: string, token: string | null, query?: Record<string, string | undefined>) {
  const language = currentLanguage();
  const headers: Record<string, string> = { 'Accept-Language': language, 'X-localization': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(urlOf(path, query), { headers });
  } catch {
    throw toHttpError(0, null);
  }
}

/**
 * A file from the operator API (SEPA XML, CSV) through the operator's token (a plain link would carry none): the body
 * as a Blob and its name. A failure is the API's `{error: {en, fr}}` thrown as an ApiHttpError; an expired token is
 * renewed once, as apiCall does.
 */
export async function fetchFile(
  path: string,
  fallbackName: string,
  query?: Record<string, string | undefined>,
): Promise<{ blob: Blob; name: string; headers: Headers }> {
  let response = await get(path, getAccessToken(), query);
  if (response.status === 401) {
    const fresh = await refreshTokens();
    if (fresh) response = await get(path, fresh, query);
  }
  if (!response.ok) throw toHttpError(response.status, await response.json().catch(() => null));
  return {
    blob: await response.blob(),
    name: fileNameOf(response.headers.get('content-disposition'), fallbackName),
    headers: response.headers,
  };
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
