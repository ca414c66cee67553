import type { FastifyInstance } from 'fastify';
import type { CatalogueChange } from '../modules/catalogue/changes';

/** One public read as a page's loader receives it (the web app's features/ssr/context.ts `PublicApiAnswer`). */
export type PageDataAnswer = { status: number; body: unknown };

export type PageDataReader = (
  path: string,
  query: Record<string, string | number>,
  language: string,
) => Promise<PageDataAnswer>;

/** Enough for every page × query × language the public site has; the oldest entries go first beyond it. */
const MAX_ENTRIES = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The cache of public reads behind server-rendered pages (app.ts), for the writes that empty it. */
    pageData: PageDataCache;
  }
}

type Kept = { expires: number; answer: PageDataAnswer };

/**
 * The shared cache behind server-rendered pages, made apart from its reader so that writes can empty it: it listens
 * to the catalogue changes (modules/catalogue/changes.ts, told to every process of the site), so an operator's edit of
 * public content, a work, an artist, an appraisal or a rate is on the next page view instead of after the TTL
 * (PAGE_DATA_CACHE_SECONDS, 10 s by default). Sales are not followed here: parts sold show on pages within the TTL
 * (decision "server rendering"), and a busy drop does not empty the pages' cache hundreds of times a second.
 */
export class PageDataCache {
  readonly kept = new Map<string, Kept>();

  /** What a catalogue change makes stale. */
  changed(change: CatalogueChange): void {
    if (change.kind === 'sale') return;
    if (change.kind === 'content') this.forget('/content');
    else this.kept.clear();
  }

  /** Forgets every kept read whose API path starts with one of `paths` ("/content" forgets /content/footer…). */
  forget(...paths: string[]): void {
    const prefixes = paths.map((path) => `/api${path.startsWith('/') ? path : `/${path}`}`);
    for (const key of [...this.kept.keys()]) {
      const url = key.slice(key.indexOf(' ') + 1);
      if (prefixes.some((prefix) => url.startsWith(prefix))) this.kept.delete(key);
    }
  }
}

/**
 * The public API reads of server-rendered pages, in process (`inject`: the same routes, validation and answers as
 * over HTTP, without a network hop), behind a short cache shared by every visitor (decision "server rendering"):
 * parts sold show on pages within `ttlSeconds`, and a burst of visitors on one work costs one read. Only public
 * GETs go through here (no credentials are forwarded), and only successful answers are kept. Identical reads in
 * flight at once are made once.
 */
export function createPageDataReader(
  app: FastifyInstance,
  ttlSeconds: number,
  now = () => Date.now(),
  cache = new PageDataCache(),
): PageDataReader {
  const kept = cache.kept;
  const inFlight = new Map<string, Promise<PageDataAnswer>>();

  async function read(url: string, language: string): Promise<PageDataAnswer> {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', 'accept-language': language, 'x-localization': language },
    });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      // Not JSON: the status alone tells the page what happened.
    }
    return { status: response.statusCode, body };
  }

  return async (path, query, language) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const url = `/api${path.startsWith('/') ? path : `/${path}`}${search.size > 0 ? `?${search}` : ''}`;
    const key = `${language} ${url}`;
    const hit = kept.get(key);
    if (hit && hit.expires > now()) return hit.answer;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const reading = read(url, language).finally(() => inFlight.delete(key));
    inFlight.set(key, reading);
    const answer = await reading;
    if (ttlSeconds > 0 && answer.status === 200) {
      kept.delete(key);
      kept.set(key, { expires: now() + ttlSeconds * 1000, answer });
      if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value as string);
    }
    return answer;
  };
}
