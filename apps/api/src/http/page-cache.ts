import { createHash } from 'node:crypto';
import type { PageDataRead, StaleReads } from './page-data';

/**
 * Rendered public documents kept as sent (decision 471): rendering a page costs a hundred times more than sending it,
 * so a document whose answer is the same for every visitor of one language and currency is rendered once and then
 * served from memory, compressed once per encoding, until one of the reads it was built from is forgotten or its
 * time is up. What a page depends on is what it read: the page-data cache (page-data.ts) decides what a change makes
 * stale (every process hears the catalogue changes) and tells this cache, which drops the pages that read it.
 */
export type KeptPage = {
  /** The answer's own headers (content type…), as React Router gave them. */
  headers: [string, string][];
  html: Buffer;
  /** A weak validator of the HTML: equal pages, equal tags, in every process (decision 472). */
  etag: string;
  /** The HTML compressed, once per encoding a client asked for. */
  encoded: { br?: Buffer; gzip?: Buffer };
  /** The API URLs of the reads the page was built from. */
  reads: string[];
  expires: number;
  /**
   * Whether, its time up, it may still be sent while its next render is under way (the reads it shows are at most
   * that render older than their TTL): not when its time is a moment after which it renders otherwise (a sale opens).
   */
  renewable: boolean;
};

/** Why a rendered page is not kept: each one a test names (page-cache.test.ts). */
export type NotKept =
  | 'status'
  | 'set-cookie'
  | 'cache-control'
  | 'per-request'
  | 'nonce'
  | 'read-failed'
  | 'changed-meanwhile'
  | 'expired';

/** Reasons that come from the page itself, not from the moment: its next render would not be kept either. */
const OF_THE_PAGE = new Set<NotKept>(['status', 'set-cookie', 'cache-control', 'per-request', 'nonce']);

/** A page being rendered: what the cache needs to decide whether its answer may be kept. */
export type Rendering = {
  key: string;
  /** The first render of its key under way: the requests for the same page meanwhile wait for its answer. */
  leads: boolean;
  /** The cache's generation when the render started: a forget since then means the page may show a dropped read. */
  startedIn: number;
  reads: PageDataRead[];
  /** Something made for this request only went into the page (a form's signed token, decision 465). */
  perRequest: boolean;
};

export type PageCacheOptions = {
  /** The longest a page is kept (PAGE_CACHE_SECONDS × 1000): 0 keeps nothing. */
  ttlMs: number;
  /** The most bytes kept (HTML and its compressed copies); the oldest pages go first beyond it. */
  maxBytes?: number;
  now?: () => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered documents kept as sent (app.ts), for the tests that look into it. */
    pages: PageCache;
  }
}

/** Enough for every public page × language × currency of a catalogue of some hundreds of works. */
const MAX_BYTES = 64 * 1024 * 1024;

/** Pages remembered as not kept: the oldest are forgotten first beyond it (and then tried again). */
const MAX_NOT_KEPT = 2000;

export function etagOf(html: Buffer): string {
  return `W/"${createHash('sha1').update(html).digest('base64url')}"`;
}

export class PageCache {
  private readonly pages = new Map<string, KeptPage>();
  private bytes = 0;
  /** Moves at every forget: a render that started before one is not kept when it ends after it. */
  private generation = 0;
  private readonly maxBytes: number;
  private readonly now: () => number;
  /** The renders under way, one per page: a burst of visitors of a page that just expired costs one render. */
  private readonly underway = new Map<
    string,
    { promise: Promise<KeptPage | undefined>; done: (page?: KeptPage) => void }
  >();
  /** Pages not kept for a reason of their own (a hydrated page's nonce…), until when: rendered without waiting. */
  private readonly notKept = new Map<string, number>();

  constructor(private readonly options: PageCacheOptions) {
    this.maxBytes = options.maxBytes ?? MAX_BYTES;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.pages.size;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** The kept page of `key`, if its time is not up (an expired one stays for `expired` until it is rendered again). */
  get(key: string): KeptPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expires > this.now()) return page;
    if (!page.renewable) this.drop(key, page);
    return undefined;
  }

  /** The page of `key` whose time is up but that may be sent while it is rendered again (`renewable`). */
  expired(key: string): KeptPage | undefined {
    const page = this.pages.get(key);
    return page?.renewable ? page : undefined;
  }

  /** The render under way for `key`, if any: its promise gives the page it kept (undefined: not kept). */
  underwayFor(key: string): Promise<KeptPage | undefined> | undefined {
    return this.underway.get(key)?.promise;
  }

  /**
   * A render starts: what it reads is collected, and the generation it started in noted; the first one of its page
   * leads (the others wait for it). Undefined: this page is not kept (a reason of its own, lately), render it alone.
   */
  start(key: string): Rendering | undefined {
    const until = this.notKept.get(key);
    if (until !== undefined) {
      if (until > this.now()) return undefined;
      this.notKept.delete(key);
    }
    const leads = !this.underway.has(key);
    if (leads) {
      let done: (page?: KeptPage) => void = () => {};
      const promise = new Promise<KeptPage | undefined>((resolve) => {
        done = resolve;
      });
      this.underway.set(key, { promise, done });
    }
    return { key, leads, startedIn: this.generation, reads: [], perRequest: false };
  }

  /** A render ended (kept, not kept or failed): the requests waiting for it go on. */
  settle(rendering: Rendering, page?: KeptPage): void {
    if (!rendering.leads) return;
    rendering.leads = false;
    const underway = this.underway.get(rendering.key);
    this.underway.delete(rendering.key);
    underway?.done(page);
  }

  /**
   * Keeps a rendered page, or says why not. Kept only a 200 without a cookie or a Cache-Control of its own, with
   * nothing made for this request in it (a form token, the answer's CSP nonce), every read it was built from answered
   * 200 (a page showing a failed read is not kept), and no forget since its render started; for the TTL, or until
   * `changesAt` (a sale's opening, after which the server renders it otherwise) if that comes first. The TTL counts
   * from the render, not from its reads' own (each read has its time: counting from the first to end would render a
   * page once per read and TTL), so a change nobody announces (a list's parts sold) shows within both TTLs.
   */
  keep(
    rendering: Rendering,
    answer: { status: number; headers: [string, string][]; html: Buffer; nonce: string; changesAt?: number },
  ): KeptPage | NotKept {
    const kept = this.decide(rendering, answer);
    if (typeof kept === 'string' && OF_THE_PAGE.has(kept)) {
      this.notKept.set(rendering.key, this.now() + this.options.ttlMs);
      if (this.notKept.size > MAX_NOT_KEPT) this.notKept.delete(this.notKept.keys().next().value as string);
    }
    return kept;
  }

  private decide(
    rendering: Rendering,
    answer: { status: number; headers: [string, string][]; html: Buffer; nonce: string; changesAt?: number },
  ): KeptPage | NotKept {
    if (answer.status !== 200) return 'status';
    const names = new Set(answer.headers.map(([name]) => name.toLowerCase()));
    if (names.has('set-cookie')) return 'set-cookie';
    if (names.has('cache-control')) return 'cache-control';
    if (rendering.perRequest) return 'per-request';
    if (answer.nonce && answer.html.includes(answer.nonce)) return 'nonce';
    if (rendering.reads.some((read) => read.status !== 200)) return 'read-failed';
    if (rendering.startedIn !== this.generation) return 'changed-meanwhile';
    const renewAt = this.now() + this.options.ttlMs;
    const expires = Math.min(renewAt, answer.changesAt ?? Number.POSITIVE_INFINITY);
    if (expires <= this.now()) return 'expired';
    const page: KeptPage = {
      headers: answer.headers.filter(([name]) => name.toLowerCase() !== 'content-length'),
      html: answer.html,
      etag: etagOf(answer.html),
      encoded: {},
      reads: [...new Set(rendering.reads.map((read) => read.url))],
      expires,
      renewable: expires === renewAt,
    };
    const old = this.pages.get(rendering.key);
    if (old) this.drop(rendering.key, old);
    this.pages.set(rendering.key, page);
    this.bytes += page.html.length;
    this.trim();
    return page;
  }

  /** A compressed copy made for a kept page: counted, and the oldest pages go if the cache is full. */
  encoded(key: string, page: KeptPage, encoding: 'br' | 'gzip', body: Buffer): void {
    if (this.pages.get(key) !== page || page.encoded[encoding]) return;
    page.encoded[encoding] = body;
    this.bytes += body.length;
    this.trim();
  }

  /** Drops the pages built from a read the page-data cache forgot (PageDataCache.onForget). */
  forget(stale: StaleReads): void {
    this.generation++;
    // Pages share most of their reads (the footer, the ticker): each one is judged once.
    const verdicts = new Map<string, boolean>();
    const isStale = (url: string) => {
      const known = verdicts.get(url);
      if (known !== undefined) return known;
      const verdict = stale(url);
      verdicts.set(url, verdict);
      return verdict;
    };
    for (const [key, page] of this.pages) {
      if (page.reads.some(isStale)) this.drop(key, page);
    }
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
    this.notKept.clear();
    this.bytes = 0;
  }

  private trim(): void {
    for (const [key, page] of this.pages) {
      if (this.bytes <= this.maxBytes) return;
      this.drop(key, page);
    }
  }

  private drop(key: string, page: KeptPage): void {
    if (this.pages.get(key) !== page) return;
    this.pages.delete(key);
    this.bytes -= page.html.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0);
  }
}
