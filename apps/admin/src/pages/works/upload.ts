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

/**
 * Sends one file as uploadFile does, reporting how much of it has left (`onProgress`, 0 to 1) as it goes: fetch
 * cannot tell upload progress, XMLHttpRequest can. A 401 retries once with fresh tokens; a failure throws the API's
 * bilingual error (or the network one).
 */
export async function uploadWithProgress<T>(
  path: string,
  field: 'image' | 'file',
  file: File,
  options: { method?: 'POST' | 'PUT'; onProgress?: (share: number) => void } = {},
): Promise<T> {
  const send = (token: string | null) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open(options.method ?? 'POST', `${API_BASE}${path}`);
      const language = currentLanguage();
      request.setRequestHeader('Accept', 'application/json');
      request.setRequestHeader('Accept-Language', language);
      request.setRequestHeader('X-localization', language);
      if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
      };
      request.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          body = null;
        }
        resolve({ status: request.status, body });
      };
      request.onerror = () => reject(toHttpError(0, null));
      const form = new FormData();
      form.append(field, file, file.name);
      request.send(form);
    });
  let answer = await send(getAccessToken());
  if (answer.status === 401) {
    const fresh = await refreshTokens();
    if (fresh) answer = await send(fresh);
  }
  if (answer.status < 200 || answer.status >= 300) throw toHttpError(answer.status, answer.body);
  options.onProgress?.(1);
  return (answer.body as { data: T }).data;
}
