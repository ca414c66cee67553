import { API_BASE, refreshTokens, toHttpError } from '../../api/client';
import { getAccessToken } from '../../api/storage';
import { currentLanguage } from '../../providers/i18n';

/**
 * Sends one file as multipart/form-data (the catalogue's upload routes: `image` for pictures, `file` for PDFs) and
 * answers the envelope's `data`; a failure throws the API's bilingual error as the JSON calls do (api/client.ts).
 */
export async function uploadFile<T>(
  path: string,
  field: 'image' | 'file',
  file: Blob,
  method: 'POST' | 'PUT' = 'POST',
  /** Text fields sent beside the file (a gallery picture's titles). */
  fields: Record<string, string> = {},
) {
  const send = (token: string | null) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, file, file instanceof File ? file.name : field);
    const language = currentLanguage();
    return fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'Accept-Language': language,
        'X-localization': language,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: form,
    });
  };
  let response: Response;
  try {
    response = await send(getAccessToken());
    if (response.status === 401) {
      const fresh = await refreshTokens();
      if (fresh) response = await send(fresh);
    }
  } catch {
    throw toHttpError(0, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toHttpError(response.status, body);
  return (body as { data: T }).data;
}
