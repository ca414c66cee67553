import { XMLParser } from 'fast-xml-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueSpec } from '../../adapters/jobs/job-queue';
import type { AppContext } from '../../context';
import { checkPriceAlertsLater } from '../watchlist/alerts';
import { saveRate } from './manage-rates';

/** The job that fetches the ECB's daily reference rates (issue 15), when ECB_RATES_ENABLED=true. */
export const ECB_RATES_JOB = 'ecb-rates';
/** Asked for every 3 hours: the ECB publishes once a working day around 16:00 CET; a missed fetch is caught up. */
export const ECB_RATES_PERIOD_SECONDS = 3 * 3600;

const ECB_SPEC: QueueSpec = {
  retryLimit: 3,
  retryDelaySeconds: 300,
  backoff: true,
  expireInSeconds: 120,
  policy: 'singleton',
};

export type EcbRate = { day: string; rate: string };

/**
 * The EUR→USD rate of the ECB's eurofxref-daily.xml: `<Cube><Cube time="YYYY-MM-DD"><Cube currency="USD"
 * rate="1.1523"/>…`. Parsed with fast-xml-parser, numbers kept as text so the rate stays exact. Throws on anything
 * else (a maintenance page, a changed format), so the job fails visibly instead of storing a wrong rate.
 */
export function parseEcbDaily(xml: string): EcbRate {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseAttributeValue: false,
    parseTagValue: false,
    isArray: (name) => name === 'Cube',
    processEntities: false,
  });
  const document = parser.parse(xml) as {
    Envelope?: { Cube?: { Cube?: { time?: string; Cube?: { currency?: string; rate?: string }[] }[] }[] };
  };
  const day = document.Envelope?.Cube?.[0]?.Cube?.[0];
  const usd = day?.Cube?.find((cube) => cube.currency === 'USD');
  if (!day?.time || !/^\d{4}-\d{2}-\d{2}$/.test(day.time)) throw new Error('ECB rates: no reference day');
  if (!usd?.rate || !/^\d{1,4}\.\d{1,6}$/.test(usd.rate) || Number(usd.rate) <= 0)
    throw new Error('ECB rates: no USD rate');
  return { day: day.time, rate: usd.rate };
}

/** Fetches and parses the daily file (10 s at most). */
export async function fetchEcbRate(url: string, fetcher: typeof fetch = fetch): Promise<EcbRate> {
  const response = await fetcher(url, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/xml' } });
  if (!response.ok) throw new Error(`ECB rates: HTTP ${response.status}`);
  return parseEcbDaily(await response.text());
}

/**
 * Stores the day's rate unless an operator entered that day's rate by hand (theirs wins), and announces it: every
 * price shown in USD may move.
 */
export async function importEcbRate(ctx: AppContext, fetcher: typeof fetch = fetch): Promise<EcbRate> {
  const rate = await fetchEcbRate(ctx.config.ecbRates.url, fetcher);
  await saveRate(ctx.database.db, null, rate.day, rate.rate);
  ctx.catalogueChanges.changed({ kind: 'rate' });
  await checkPriceAlertsLater(ctx, null);
  return rate;
}

export function defineEcbJobs(ctx: AppContext, log: FastifyBaseLogger, fetcher: typeof fetch = fetch): void {
  ctx.jobs.define(ECB_RATES_JOB, ECB_SPEC, async () => {
    const rate = await importEcbRate(ctx, fetcher);
    log.info(rate, 'ECB EUR/USD reference rate imported');
  });
}

/** Asks for one fetch now and then once per period across the cluster (off unless enabled). Returns a stop. */
export function startEcbRates(ctx: AppContext, log: FastifyBaseLogger): () => void {
  if (!ctx.config.ecbRates.enabled) return () => {};
  const tick = async () => {
    try {
      await ctx.jobs.sendOncePer(ECB_RATES_JOB, ECB_RATES_PERIOD_SECONDS);
    } catch (error) {
      log.error({ err: error, job: ECB_RATES_JOB }, 'scheduling a periodic job failed');
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), 15 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
