import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { CatalogueChange, CatalogueChanges } from './changes';
import { SaleWindows } from './sale-windows';

/** The public reads kept in memory, each with what makes it stale (decision "catalogue at the speed of memory"). */
export type ReadScope = 'paintings' | 'painting' | 'artists' | 'artist' | 'kpis' | 'home';

/** What browsers and shared caches may do with a public read: keep it 5 s, then use it while asking again for 30 s. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
/** Bodies from this size leave compressed, as @fastify/compress does for the other answers (app.ts). */
const COMPRESS_FROM = 1024;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

type Entry = {
  scope: ReadScope;
  body: Buffer;
  etag: string;
  /** Every identifier the body names (works, artists): a sale of one of them makes it stale. */
  ids: Set<string>;
  expires: number;
  br?: Buffer;
  gzip?: Buffer;
};

export type PublicReadCacheOptions = {
  /** How long a read is kept at most (CATALOGUE_CACHE_SECONDS × 1000): the bound if a change is ever missed. 0: off. */
  ttlMs: number;
  maxEntries?: number;
  /** Sales of one work drop its reads at most once per window (the first at once, the others at its end). */
  saleWindowMs?: number;
  now?: () => number;
};

/** A weak validator of the body: equal bodies, equal tags, in every process. */
function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** br, else gzip, else none: what the client accepts (a q=0 is a refusal). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * The hot public reads (catalogue lists and details, artists, the ticker, the home figures) answered from memory,
 * per URL (query and currency included; the bodies carry both languages, so the language does not vary them), and
 * dropped when a catalogue change makes them stale (changes.ts, in every process). A read that started before a
 * change is not kept when it ends after it (the generation counter), so an old row is never kept past its change.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private readonly saleWindows: SaleWindows;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Fills started, per request, with the generation they started in. */
  private readonly started = new WeakMap<FastifyRequest, number>();

  constructor(private readonly options: PublicReadCacheOptions) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.saleWindows = new SaleWindows(options.saleWindowMs ?? 250, (paintingId) => this.dropSale(paintingId));
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Listens to the changes; returns the function that stops (and forgets pending sale windows). */
  listen(changes: CatalogueChanges): () => void {
    const stop = changes.onChange((change) => this.changed(change));
    return () => {
      stop();
      this.saleWindows.clear();
    };
  }

  changed(change: CatalogueChange): void {
    switch (change.kind) {
      case 'content':
        // Editorial content is kept by the page-data cache only (http/page-data.ts), none of it here.
        return;
      case 'sale':
        // Its reads are dropped at once, then at most once per window however many sales follow, so a busy drop
        // still answers most reads from memory, its figures at most one window old.
        this.saleWindows.sold(change.paintingId);
        return;
      default:
        // A work, an artist, an appraisal or a rate: lists, counts, indexes and prices may all move. Operators'
        // edits are rare; everything is read again.
        this.generation++;
        this.entries.clear();
    }
  }

  /** The reads naming the work (its detail, the lists and artist pages showing it) and the home figures (co-owners). */
  private dropSale(paintingId: string): void {
    this.generation++;
    const id = paintingId.toLowerCase();
    for (const [key, entry] of this.entries) {
      if (entry.scope === 'home' || entry.ids.has(id)) this.entries.delete(key);
    }
  }

  private lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  private keep(key: string, scope: ReadScope, body: string, startedIn: number | undefined): Entry {
    const entry: Entry = {
      scope,
      body: Buffer.from(body),
      etag: etagOf(body),
      ids: new Set(Array.from(body.matchAll(UUID), (match) => match[0].toLowerCase())),
      expires: this.now() + this.options.ttlMs,
    };
    if (this.options.ttlMs > 0 && startedIn === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return entry;
  }

  /**
   * The route's onRequest hook: a kept read answers here (before validation and the handler); otherwise the
   * request notes the generation its read starts in.
   */
  readonly onRequest = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const entry = this.lookup(request.url);
    if (!entry) {
      this.started.set(request, this.generation);
      done();
      return;
    }
    // Callback-style, answered without calling `done` (Fastify's early reply): no promise per kept read.
    this.send(request, reply, entry);
  };

  /** The handler's answer on a miss: serialised by the route's response schema, kept, and sent as a hit is. */
  answer(scope: ReadScope, request: FastifyRequest, reply: FastifyReply, result: unknown): FastifyReply {
    const serialised = reply.serialize(result);
    const body = typeof serialised === 'string' ? serialised : Buffer.from(serialised as ArrayBuffer).toString();
    const entry = this.keep(request.url, scope, body, this.started.get(request));
    return this.send(request, reply, entry);
  }

  private send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
    reply.header('etag', entry.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    reply.header('content-type', 'application/json; charset=utf-8');
    if (entry.body.length < COMPRESS_FROM) return reply.send(entry.body);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === null || request.headers['x-no-compression'] !== undefined) return reply.send(entry.body);
    // Compressed once per kept read and encoding, not once per request.
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
      });
    } else {
      entry.gzip ??= gzipSync(entry.body, { level: 6 });
    }
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? entry.br : entry.gzip);
  }

  /** Forgets everything and the pending sale windows (the app closes). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
