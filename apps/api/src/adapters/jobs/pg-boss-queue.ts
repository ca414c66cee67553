import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';
import PgBoss from 'pg-boss';
import type { Executor } from '../../db/client';
import { connectionOf } from '../../db/prepared';
import type { PurchasesInFlight } from '../../db/turns';
import type { JobFailure, JobHandler, JobQueue, QueueSpec } from './job-queue';

/** One SQL statement (or, without values, a script) on the application's database: pg-boss's `db` option. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type PgBossQueueOptions = {
  /** How often an idle worker asks for work, in seconds (pg-boss's minimum is 0.5). */
  pollSeconds: number;
  /**
   * pg-boss's maintenance (expiring jobs whose process died, archiving, deleting old jobs): on in servers, off in
   * tests, whose queues live as long as one file.
   */
  maintenance: boolean;
  /**
   * Runs start-up work while no other process runs its own: pg-boss's create_queue alters tables, and two processes
   * creating the same queues at once deadlock (DatabaseHandle.exclusively, an advisory lock).
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  /** The purchases this process has in flight, which the kinds of job that yield wait for (decision 601). */
  purchasesInFlight?: PurchasesInFlight;
  /**
   * A worker's batch that has run this long completes the jobs it has done before starting the next (decision 499):
   * default 10 s. Then a job that hangs past its expiry, failing what of the batch is still active, fails no job
   * already done (an email sent twice), only itself and those not yet started.
   */
  completeAfterMs?: number;
};

type Defined = { spec: QueueSpec; handler: JobHandler<object> };

/**
 * How many jobs of a queue a worker fetches at once (decision 499): one statement to fetch them and one to complete
 * those that succeeded, where one job at a time took two each (a drop's confirmation emails are fetched by tens).
 * Run one after the other, well within a delivery job's 2 minutes.
 */
const WORKER_BATCH = 10;

/** Jobs in the order they were sent (a batch comes back from UPDATE … RETURNING, in no promised order). */
function inSendingOrder(jobs: readonly PgBoss.JobWithMetadata<object>[]): PgBoss.JobWithMetadata<object>[] {
  return [...jobs].sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
}

/**
 * pg-boss on the application's own connection: a PostgreSQL pool, shared by every process (jobs are fetched with
 * SELECT … FOR UPDATE SKIP LOCKED, so each runs in one process only).
 */
export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly defined = new Map<string, Defined>();
  /** Jobs being run in this process (by drain() or a worker): awaited by drain() and by a graceful stop. */
  private readonly running = new Set<Promise<void>>();
  /** drain() calls run one after the other (see drain). */
  private drains: Promise<unknown> = Promise.resolve();
  private started = false;
  /**
   * pg-boss's statements still in flight: a worker's fetch answered after the stop began, and the complete or fail
   * pg-boss sends for a batch without awaiting it. A stop waits for them before the connection may close (below).
   */
  private readonly statements = new Set<Promise<unknown>>();
  /** Set by a stop that is not graceful: a batch fetched after it goes back to the queue instead of running. */
  private refusing = false;
  /** Aborted when the stop begins: a batch yielding to purchases runs (or is refused) at once. */
  private stopping = new AbortController();
  /** Batches held back behind purchases in flight now (decision 601). */
  private yieldingBatches = 0;
  private onError: (error: Error) => void = (error) => console.error(`[jobs] ${error.message}`);
  private onJobFailed: (failure: JobFailure) => void = () => undefined;

  constructor(
    executeSql: ExecuteSql,
    private readonly options: PgBossQueueOptions,
  ) {
    const tracked: ExecuteSql = (text, values) => {
      const statement = executeSql(text, values);
      this.statements.add(statement);
      const forget = () => this.statements.delete(statement);
      statement.then(forget, forget);
      return statement;
    };
    this.boss = new PgBoss({
      db: { executeSql: tracked as never },
      schema: 'pgboss',
      migrate: true,
      supervise: options.maintenance,
      // Periodic jobs are throttled sends (sendOncePer), not pg-boss's minute-grained cron.
      schedule: false,
    });
    this.boss.on('error', (error: Error) => this.onError(error));
  }

  define<T extends object>(name: string, spec: QueueSpec, handler: JobHandler<T>): void {
    if (this.started) throw new Error(`job ${name} defined after the queue started`);
    this.defined.set(name, { spec, handler: handler as JobHandler<object> });
  }

  async start(options: {
    onError: (error: Error) => void;
    onJobFailed?: (failure: JobFailure) => void;
  }): Promise<void> {
    this.onError = options.onError;
    if (options.onJobFailed) this.onJobFailed = options.onJobFailed;
    await this.options.exclusively(async () => {
      await this.boss.start();
      for (const [name, { spec }] of this.defined) await this.ensureQueue(name, spec);
    });
    this.stopping = new AbortController();
    this.started = true;
  }

  /** Creates a queue, or updates it to this version's options. */
  private async ensureQueue(name: string, spec: QueueSpec): Promise<void> {
    const options = {
      name,
      policy: spec.policy,
      retryLimit: spec.retryLimit,
      retryDelay: spec.retryDelaySeconds,
      retryBackoff: spec.backoff,
      expireInSeconds: spec.expireInSeconds,
    };
    if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
    else await this.boss.createQueue(name, options);
  }

  async send<T extends object>(name: string, data: T, options: { id?: string } = {}): Promise<string | null> {
    this.assertDefined(name);
    return this.boss.send(name, data, options.id ? { id: options.id } : {});
  }

  async sendIn<T extends object>(
    tx: Executor,
    name: string,
    data: T,
    options: { id?: string } = {},
  ): Promise<string | null> {
    this.assertDefined(name);
    const db = { executeSql: inTransaction(tx) };
    return this.boss.send(name, data, { ...(options.id ? { id: options.id } : {}), db } as PgBoss.SendOptions);
  }

  async sendMany<T extends object>(name: string, jobs: readonly { data: T; id: string }[]): Promise<void> {
    this.assertDefined(name);
    if (jobs.length === 0) return;
    // pg-boss's insert: one INSERT … ON CONFLICT DO NOTHING, so an id already in the queue is left as it is.
    await this.boss.insert(jobs.map((job) => ({ name, data: job.data, id: job.id })));
  }

  async sendManyIn<T extends object>(
    tx: Executor,
    name: string,
    jobs: readonly { data: T; id?: string }[],
  ): Promise<void> {
    this.assertDefined(name);
    if (jobs.length === 0) return;
    const db = { executeSql: inTransaction(tx) };
    await this.boss.insert(
      jobs.map((job) => ({ name, data: job.data, ...(job.id ? { id: job.id } : {}) })),
      { db } as PgBoss.InsertOptions,
    );
  }

  async sendOncePer(name: string, seconds: number): Promise<string | null> {
    this.assertDefined(name);
    return this.boss.sendThrottled(name, {}, {}, seconds, name);
  }

  async work(): Promise<void> {
    for (const [name, { spec }] of this.defined) {
      // A singleton queue runs one job at a time (pg-boss's unique index on its active job): fetched one by one.
      const batchSize = spec.policy === 'singleton' ? 1 : WORKER_BATCH;
      // Known once pg-boss has started the worker, before its first fetch answers (a fetch is a round trip).
      let worker: string | undefined;
      worker = await this.boss.work<object>(
        name,
        { pollingIntervalSeconds: this.options.pollSeconds, batchSize, includeMetadata: true },
        async (jobs) => {
          // Fetched after a stop that does not wait: failed by pg-boss (this throw), retried by another process.
          if (this.refusing) throw new Error('the process stopped before running this job');
          await this.yieldToPurchases(spec, jobs);
          if (this.refusing) throw new Error('the process stopped before running this job');
          // Tracked, so that drain() (the development outbox's read) waits for a batch this process's worker took.
          await this.track(this.runBatch(name, jobs));
          // A full batch says more are waiting (a drop's hundreds of emails): the worker fetches again at once instead
          // of after its poll interval, which let one process send ten emails every 2 s (decision 518).
          if (jobs.length === batchSize && worker) this.boss.notifyWorker(worker);
        },
      );
    }
  }

  /**
   * Decision 601: a kind of job that yields waits, fetched, while this process has purchases in flight (a drop), until
   * there are none or its oldest job has waited its bound, so that a drop's purchases are not slowed by their own
   * confirmations. The worker fetches nothing more meanwhile; a stop ends the wait.
   */
  private async yieldToPurchases(spec: QueueSpec, jobs: readonly PgBoss.JobWithMetadata<object>[]): Promise<void> {
    const bound = spec.yieldsToPurchasesForSeconds;
    const inFlight = this.options.purchasesInFlight;
    if (!bound || !inFlight || inFlight.size === 0) return;
    const oldest = Math.min(...jobs.map((job) => job.createdOn.getTime()));
    this.yieldingBatches += 1;
    try {
      await inFlight.whenQuiet(oldest + bound * 1000 - Date.now(), this.stopping.signal);
    } finally {
      this.yieldingBatches -= 1;
    }
  }

  /** Fetched batches held back behind purchases in flight (decision 601): what the tests wait for. */
  yielding(): number {
    return this.yieldingBatches;
  }

  /**
   * A worker's batch, each job its own outcome: one that throws is failed alone (retried by its queue's rule); when
   * the handler resolves, pg-boss completes the batch in one statement, which leaves the failed ones as they are (its
   * complete only touches active jobs).
   */
  private async runBatch(name: string, jobs: readonly PgBoss.JobWithMetadata<object>[]): Promise<void> {
    const started = Date.now();
    let done: string[] = [];
    for (const job of inSendingOrder(jobs)) {
      if (done.length > 0 && Date.now() - started > (this.options.completeAfterMs ?? 10_000)) {
        await this.boss.complete(name, done);
        done = [];
      }
      try {
        await this.runReported(name, job);
        done.push(job.id);
      } catch (error) {
        const { message, name: kind } = error as Error;
        await this.boss.fail(name, job.id, { name: kind, message });
      }
    }
  }

  /**
   * Drains run one after the other: a drain that found nothing left must not return while a concurrent one still
   * runs a job sent before it was called (two requests of one test, each reading its own message).
   */
  drain(names: readonly string[] = [...this.defined.keys()]): Promise<number> {
    const run = this.drains.then(() => this.drainNow(names));
    this.drains = run.catch(() => undefined);
    return run;
  }

  private async drainNow(names: readonly string[]): Promise<number> {
    let ran = 0;
    for (;;) {
      let found = 0;
      for (const name of names) {
        const jobs = await this.boss.fetch<object>(name, { batchSize: 20, includeMetadata: true });
        for (const job of inSendingOrder(jobs ?? [])) {
          found++;
          await this.track(this.runOne(name, job));
        }
      }
      ran += found;
      if (found === 0) break;
    }
    // A worker of this process may be running a job sent before this call: wait for it too.
    await Promise.allSettled([...this.running]);
    return ran;
  }

  private async track(run: Promise<void>): Promise<void> {
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  /**
   * Runs a job's code; a throw is reported (a retry a minute later is otherwise silent: nothing in the log said why a
   * member's verification waited) and thrown again for the queue's rule.
   */
  private async runReported(name: string, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    try {
      await this.handlerOf(name)({ id: job.id, data: job.data, retryCount: job.retryCount });
    } catch (error) {
      this.onJobFailed({ name, id: job.id, retryCount: job.retryCount, error: error as Error });
      throw error;
    }
  }

  private async runOne(name: string, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    try {
      await this.runReported(name, job);
    } catch (error) {
      const { message, name: kind } = error as Error;
      await this.boss.fail(name, job.id, { name: kind, message });
      return;
    }
    await this.boss.complete(name, job.id);
  }

  /**
   * pg-boss waits for its workers' jobs (polling every 500 ms) and fails those still running at the timeout, so they
   * are retried by another process; it never closes the connection it was given. But it counts as running only a
   * batch already fetched: a fetch in flight when the stop begins still answers and its batch still runs, and pg-boss
   * completes or fails a batch without awaiting the statement. Had the stop returned then, the connection closed
   * under that batch and pg-boss's unawaited statement crashed the stopping process (seen at the end of a drop). So
   * the stop also waits, within the same timeout, until this process runs no job (a worker's or drain()'s) and pg-boss
   * has no statement in flight. Graceful, a batch fetched meanwhile runs; otherwise it is failed, to be retried.
   */
  async stop({ graceful, timeoutMs }: { graceful: boolean; timeoutMs: number }): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.refusing = !graceful;
    this.stopping.abort();
    const deadline = Date.now() + timeoutMs;
    await this.boss.stop({ graceful, wait: true, timeout: timeoutMs, close: false });
    await this.settled(graceful, deadline);
  }

  /** Until no job runs here (graceful) and pg-boss sends nothing more, or the deadline. */
  private async settled(graceful: boolean, deadline: number): Promise<void> {
    for (;;) {
      const pending = [...this.statements, ...(graceful ? this.running : [])];
      if (pending.length === 0) {
        // What an answered statement sets off (pg-boss running the batch a fetch returned) starts after a turn.
        await new Promise((resolve) => setImmediate(resolve));
        if (this.statements.size === 0 && (!graceful || this.running.size === 0)) return;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(pending),
        new Promise((resolve) => {
          timer = setTimeout(resolve, left);
        }),
      ]);
      clearTimeout(timer);
    }
  }

  private handlerOf(name: string): JobHandler<object> {
    return this.assertDefined(name).handler;
  }

  private assertDefined(name: string): Defined {
    const defined = this.defined.get(name);
    if (!defined) throw new Error(`unknown job ${name}`);
    return defined;
  }
}

/**
 * pg-boss's `executeSql` on an open drizzle transaction: pg-boss's statement sent as it wrote it on the connection the
 * transaction holds (objects as JSON text, which pg-boss casts to jsonb), named after its text so that each connection
 * parses it once (decision 544): pg-boss's texts are its constants, the values its parameters. Not through drizzle,
 * which built a new statement from the text on every call (the confirmation job enqueued with each settlement batch).
 */
function inTransaction(tx: Executor): ExecuteSql {
  const client = connectionOf(tx) as { query: (config: QueryConfig | string) => Promise<{ rows: unknown[] }> };
  return async (text, values = []) => {
    const bound = values.map((value) =>
      value !== null && value !== undefined && typeof value === 'object' && !(value instanceof Date)
        ? JSON.stringify(value)
        : (value ?? null),
    );
    // A script (no values) may hold several statements, which a named statement cannot.
    const result = await client.query(values.length > 0 ? { name: statementName(text), text, values: bound } : text);
    return { rows: result.rows };
  };
}

const names = new Map<string, string>();
/** A statement's name, the same for the same text (PostgreSQL keeps 63 bytes of a name). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `pgboss_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}
