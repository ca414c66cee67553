import { vi } from 'vitest';

export type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** A fetch stub answering each call with the next queued `[status, body]`, recording what was sent. */
export function stubFetch(answers: Array<[number, unknown]>) {
  const calls: Call[] = [];
  const queue = [...answers];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const next = queue.shift();
      if (!next) throw new Error(`unexpected call ${init.method ?? 'GET'} ${url}`);
      const [status, body] = next;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export const ok = (data: unknown) => [200, { status: 200, data, message: { en: 'OK', fr: 'OK' } }] as [number, unknown];
export const failure = (status: number, error: { en: string; fr: string }, field?: string) =>
  [status, { status, error, ...(field ? { field } : {}) }] as [number, unknown];
