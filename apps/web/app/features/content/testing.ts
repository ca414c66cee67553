import { vi } from 'vitest';

type Route =
  | { status?: number; body: unknown }
  | ((url: URL, init: RequestInit | undefined) => { status?: number; body: unknown });

/**
 * For tests: stubs `fetch` with answers by path ("/api/content/footer"); unknown paths answer 404.
 * Returns the mock, whose calls are [url, init].
 */
export function stubApi(routes: Record<string, Route>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[url.pathname];
    const answer = typeof route === 'function' ? route(url, init) : route;
    if (!answer)
      return new Response(JSON.stringify({ status: 404, error: { en: 'Not found', fr: 'Introuvable' } }), {
        status: 404,
      });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const ok = (data: unknown, message = { en: 'OK', fr: 'OK' }) => ({ body: { status: 200, data, message } });
export const failed = (status: number, error: { en: string; fr: string }) => ({ status, body: { status, error } });
