import type { FastifyBaseLogger } from 'fastify';
import type { QueueSpec } from '../../adapters/jobs/job-queue';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { currentListVersion, type LoadResult, loadSanctionsList } from './load-list';
import { NO_PEOPLE, type RescreenHooks, type RescreenSummary, rescreenPending } from './rescreen';

/** The job that keeps the sanctions list current and re-screens members when it changes (issue 29). */
export const SANCTIONS_LIST_JOB = 'sanctions-list';
/**
 * Asked for every hour, once across the cluster: the EU publishes updates on the day of each regulation, and an
 * unchanged list costs one conditional request (304) or, without validators, one download and a hash.
 */
export const SANCTIONS_LIST_PERIOD_SECONDS = 3600;
/** The EU's full list is ~25 MB: a slow download is given this long. */
const FETCH_TIMEOUT_MS = 120_000;

const SANCTIONS_SPEC: QueueSpec = {
  retryLimit: 3,
  retryDelaySeconds: 300,
  backoff: true,
  // A download, a load and a re-screening of every member.
  expireInSeconds: 3600,
  policy: 'singleton',
};

export type FetchOutcome = { status: 'not_modified' } | LoadResult;

/**
 * Fetches the list from `url`, sending the current version's ETag and Last-Modified (If-None-Match,
 * If-Modified-Since): a 304 answers `not_modified` without a download; a 200 is loaded by loadSanctionsList, which
 * still skips it when its sha256 is the current version's. Any other status, or a file that is not the list, throws
 * (the job fails and is retried; the current version stays in force).
 */
export async function fetchSanctionsList(
  db: Executor,
  url: string,
  fetcher: typeof fetch = fetch,
): Promise<FetchOutcome> {
  const current = await currentListVersion(db);
  const headers: Record<string, string> = { accept: 'application/xml, text/xml' };
  if (current?.etag) headers['if-none-match'] = current.etag;
  if (current?.lastModified) headers['if-modified-since'] = current.lastModified;
  const response = await fetcher(url, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (response.status === 304) return { status: 'not_modified' };
  if (!response.ok) throw new Error(`sanctions list: HTTP ${response.status}`);
  const content = new Uint8Array(await response.arrayBuffer());
  return loadSanctionsList(db, {
    source: url,
    content,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  });
}

/**
 * One run of the job: fetch (when SANCTIONS_LIST_URL is set), then re-screen every member if the current version has
 * not been screened yet (a version loaded now, or earlier by `npm run admin -- sanctions:load`).
 */
export async function runSanctionsListJob(
  db: Executor,
  url: string | null,
  hooks: RescreenHooks,
  fetcher: typeof fetch = fetch,
): Promise<{ fetched: FetchOutcome | null; rescreened: RescreenSummary | null }> {
  const fetched = url ? await fetchSanctionsList(db, url, fetcher) : null;
  const rescreened = await rescreenPending(db, hooks);
  return { fetched, rescreened };
}

/**
 * Defines the job. `hooks` give the people to re-screen and what to do with a new hit: the verification module's
 * members and its suspension (until it passes them, nobody is re-screened).
 */
export function defineSanctionsJobs(
  ctx: AppContext,
  log: FastifyBaseLogger,
  hooks: RescreenHooks = NO_PEOPLE,
  fetcher: typeof fetch = fetch,
): void {
  ctx.jobs.define(SANCTIONS_LIST_JOB, SANCTIONS_SPEC, async () => {
    const { fetched, rescreened } = await runSanctionsListJob(
      ctx.database.db,
      ctx.config.sanctions.listUrl,
      hooks,
      fetcher,
    );
    if (fetched?.status === 'loaded')
      log.info({ versionId: fetched.versionId, entries: fetched.entryCount }, 'sanctions list: new version loaded');
    if (rescreened) log.info(rescreened, 'sanctions list: members re-screened');
  });
}

/** Asks for one run now and then once an hour across the cluster. Returns a stop. */
export function startSanctionsList(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const tick = async () => {
    try {
      await ctx.jobs.sendOncePer(SANCTIONS_LIST_JOB, SANCTIONS_LIST_PERIOD_SECONDS);
    } catch (error) {
      log.error({ err: error, job: SANCTIONS_LIST_JOB }, 'scheduling a periodic job failed');
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), 15 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
