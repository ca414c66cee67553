import type { FastifyInstance } from 'fastify';
import type { CatalogueChange } from '../modules/catalogue/changes';
import { SaleWindows } from '../modules/catalogue/sale-windows';

/** One public read as a page's loader receives it (the web app's features/ssr/context.ts `PublicApiAnswer`). */
export type PageDataAnswer = { status: number; body: unknown };

/** One read as a page used it: its API URL and its status. */
export type PageDataRead = { url: string; status: number };

export type PageDataReader = (
  path: string,
  query: Record<string, string | number>,
  language: string,
  /** Told what was read (the page cache drops a page with its reads, http/page-cache.ts). */
  seen?: (read: PageDataRead) => void,
) => Promise<PageDataAnswer>;

/** Which kept reads a forget drops, by their API URL (`/api/paintings/detail?painting_id=…`). */
export type StaleReads = (url: string) => boolean;

/** Enough for every page × query × language the public site has; the oldest entries go first beyond it. */
const MAX_ENTRIES = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The cache of public reads behind server-rendered pages (app.ts), for the writes that empty it. */
    pageData: PageDataCache;
  }
}

type Kept = { expires: number; answer: PageDataAnswer };

/** A sale drops its work's own reads at most once per this window (the first at once). */
const SALE_WINDOW_MS = 1000;

/**
 * The shared cache behind server-rendered pages, made apart from its reader so that writes can empty it: it listens
 * to the catalogue changes (modules/catalogue/changes.ts, told to every process of the site), so an operator's edit of
 * public content, a work, an artist, an appraisal or a rate is on the next page view instead of after the TTL
 * (PAGE_DATA_CACHE_SECONDS, 10 s by default). A sale drops the reads of its own work (its page: a member who just
 * bought, or sold out the work so that it moved to the secondary market, sees it there) at most once a second per
 * work; lists and the home figures show sales within the TTL, so a busy drop does not empty the pages' cache hundreds
 * of times a second (decision "server rendering").
 */
export class PageDataCache {
  readonly kept = new Map<string, Kept>();
  /** Moves at every forget: a read that started before one is not kept when it ends after it. */
  generation = 0;
  private readonly sales = new SaleWindows(SALE_WINDOW_MS, (paintingId) => this.forgetWork(paintingId));
  /** Told of every forget, with what it drops: the rendered pages built on those reads follow (http/page-cache.ts). */
  private readonly forgetListeners = new Set<(stale: StaleReads) => void>();

  /** What a catalogue change makes stale. */
  changed(change: CatalogueChange): void {
    if (change.kind === 'sale') this.sales.sold(change.paintingId);
    else if (change.kind === 'content') this.forget('/content');
    else this.forgetWhere(() => true);
  }

  /** Listens to every forget; returns the function that stops. */
  onForget(listener: (stale: StaleReads) => void): () => void {
    this.forgetListeners.add(listener);
    return () => {
      this.forgetListeners.delete(listener);
    };
  }

  /** Forgets every kept read whose API path starts with one of `paths` ("/content" forgets /content/footer…). */
  forget(...paths: string[]): void {
    const prefixes = paths.map((path) => `/api${path.startsWith('/') ? path : `/${path}`}`);
    this.forgetWhere((url) => prefixes.some((prefix) => url.startsWith(prefix)));
  }

  /** Stops the pending sale windows (the app closes). */
  stop(): void {
    this.sales.clear();
  }

  /** The reads that name the work in their query (its detail, its order book…). */
  private forgetWork(paintingId: string): void {
    const id = paintingId.toLowerCase();
    this.forgetWhere((url) => {
      const query = new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length));
      return [...query.values()].some((value) => value.toLowerCase() === id);
    });
  }

  private forgetWhere(stale: StaleReads): void {
    this.generation++;
    for (const key of [...this.kept.keys()]) {
      if (stale(key.slice(key.indexOf(' ') + 1))) this.kept.delete(key);
    }
    for (const listener of this.forgetListeners) listener(stale);
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

  return async (path, query, language, seen) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const url = `/api${path.startsWith('/') ? path : `/${path}`}${search.size > 0 ? `?${search}` : ''}`;
    const key = `${language} ${url}`;
    const hit = kept.get(key);
    if (hit && hit.expires > now()) {
      seen?.({ url, status: hit.answer.status });
      return hit.answer;
    }
    // A read in flight is shared only within its generation: one started before a forget may carry the old row.
    const startedIn = cache.generation;
    const flightKey = `${startedIn} ${key}`;
    let reading = inFlight.get(flightKey);
    if (!reading) {
      reading = read(url, language).finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, reading);
    }
    const answer = await reading;
    seen?.({ url, status: answer.status });
    if (ttlSeconds > 0 && answer.status === 200 && startedIn === cache.generation) {
      kept.delete(key);
      kept.set(key, { expires: now() + ttlSeconds * 1000, answer });
      if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value as string);
    }
    return answer;
  };
}
