/**
 * Background jobs on the database we already have (ADR 0022): pg-boss 10 on PostgreSQL and on the
 * embedded PGlite alike. Jobs are rows, so they survive a restart; a failed attempt is retried
 * with backoff; `stately` queues keep one queued and one running job per key (double clicks).
 *
 *   export const monthlyBills = defineJob<{ month?: string }>("billing.monthly-bills");
 *   await queue.schedule(monthlyBills, "0 6 1 * *", {}, { tz: "Asia/Kolkata" });
 *   await queue.work(monthlyBills, async (job) => generateBills(db, job.data));
 *   await queue.send(renderVideo, { renderId }, { singletonKey: `render:${renderId}` });
 *
 * Progress belongs to the caller's own row (e.g. greeting_video_renders.percent), never to
 * pg-boss's tables: they are pg-boss's business and change between its versions.
 */
import PgBoss from "pg-boss";
import type { Pool, PoolClient } from "pg";
import { eq, sql } from "drizzle-orm";
import { jobHeartbeats } from "#server/db/schema/scale-out.ts";
import type { Database, Db } from "#server/db/client.ts";
import type { Logger } from "#server/services/logger.ts";

/** The schema pg-boss keeps its tables in (created on first start, migrated by pg-boss itself). */
export const QUEUE_SCHEMA = "pgboss";

export type JobPolicy = "standard" | "stately";

export type JobDef<T extends object> = {
  readonly name: string;
  /** stately: at most one queued and one running job per singletonKey (which send then requires). */
  readonly policy: JobPolicy;
  /** Attempts after the first one. */
  readonly retryLimit: number;
  /** Seconds before the first retry; doubled each further attempt when retryBackoff. */
  readonly retryDelaySeconds: number;
  readonly retryBackoff: boolean;
  /** A running attempt longer than this counts as failed (and is retried). */
  readonly expireInSeconds: number;
  /** Carries the data type only. */
  readonly __data?: T;
};

/** A job name: lower-case words, dots and dashes (pg-boss also partitions a table by it). */
const JOB_NAME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;

export function defineJob<T extends object>(
  name: string,
  opts: Partial<Pick<JobDef<T>, "policy" | "retryLimit" | "retryDelaySeconds" | "retryBackoff" | "expireInSeconds">> = {},
): JobDef<T> {
  if (!JOB_NAME.test(name)) throw new Error(`Invalid job name: ${JSON.stringify(name)}`);
  return { name, policy: "standard", retryLimit: 2, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 15 * 60, ...opts };
}

export type QueueJob<T> = {
  id: string;
  data: T;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows if this attempt fails: record the failure where people see it. */
  isLastAttempt: boolean;
  /** Aborted when the queue stops (shutdown): end child processes, throw; the job is retried later. */
  signal: AbortSignal;
};

export type JobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

/** A Drizzle transaction (`db.transaction(async (tx) => …)`). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type SendOptions = {
  /** Dedupe key on stately jobs: a second send while one waits returns null. */
  singletonKey?: string;
  /**
   * Send inside this transaction: the job exists exactly when the transaction commits (with the
   * row it is about). Required inside a transaction on PGlite, whose one connection the
   * transaction holds.
   */
  tx?: Tx;
  retryLimit?: number;
  startAfterSeconds?: number;
};

export interface JobQueue {
  send<T extends object>(def: JobDef<T>, data: T, opts?: SendOptions): Promise<string | null>;
  /**
   * Many jobs of one kind in one statement (pg-boss `insert`): a bulk run (renewal reminders,
   * ADR 0067) queues thousands a second instead of one round trip each. No singleton keys.
   */
  sendMany<T extends object>(def: JobDef<T>, jobs: readonly { data: T; startAfterSeconds?: number }[], opts?: { tx?: Tx }): Promise<void>;
  /**
   * Run `def`'s jobs in this process, `concurrency` at a time (default 1). `onGivenUp`: the job's
   * process died on its last attempt (no heartbeat), so the handler never recorded the failure.
   */
  work<T extends object>(
    def: JobDef<T>,
    handler: (job: QueueJob<T>) => Promise<void>,
    opts?: { concurrency?: number; pollingIntervalSeconds?: number; onGivenUp?: (data: T) => Promise<void> },
  ): Promise<void>;
  /**
   * Fail (back to the queue, or for good on the last attempt) the running jobs whose heartbeat is
   * older than `staleSeconds`: their process died (ADR 0039). Runs every few seconds with
   * maintenance on; returns how many it failed.
   */
  failAbandoned(opts?: { staleSeconds?: number }): Promise<number>;
  /** Send `data` to `def` on a cron schedule; one schedule per job name (a new call replaces it). */
  schedule<T extends object>(def: JobDef<T>, cron: string, data: T, opts?: { tz?: string }): Promise<void>;
  unschedule<T extends object>(def: JobDef<T>): Promise<void>;
  jobState<T extends object>(def: JobDef<T>, id: string): Promise<JobState | null>;
  /** Stop fetching, abort running handlers, wait for them (up to `timeoutMs`), release connections. */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
}

/** A running job's heartbeat, and when another process counts it as abandoned (ADR 0039). */
export const HEARTBEAT_SECONDS = 5;
export const ABANDONED_AFTER_SECONDS = 20;

export type QueueOptions = {
  logger: Logger;
  /** Expire stuck jobs, archive and purge old ones (pg-boss "supervise"). Off in tests. */
  maintenance?: boolean;
  /** Run cron schedules in this process. Off in tests. */
  schedules?: boolean;
  /**
   * Jobs whose queues are made at start (server/jobs.ts ALL_JOBS). A job sent inside a
   * transaction must be one of them: making its queue then would need a second connection,
   * which PGlite does not have.
   */
  jobs?: readonly JobDef<object>[];
};

/**
 * Start the queue on `database`. PGlite is one session behind one pooled connection (ADR 0014):
 * pg-boss runs its statements through that pool (its `db.executeSql` option, pg-boss issue #563).
 * PostgreSQL: pg-boss gets a small pool of its own, so a long fetch never waits behind requests.
 */
/**
 * pg-boss's statements on the transaction's own connection. Drizzle keeps it as `session.client`
 * (not public API; checked here, and tests/api/greetings-videos.test.ts sends through it).
 */
function inTransaction(tx: Tx): PgBoss.Db {
  const client = (tx as unknown as { session?: { client?: PoolClient } }).session?.client;
  if (!client || typeof client.query !== "function") throw new Error("queue.send({ tx }): this transaction has no pg client.");
  return { executeSql: (text, values) => client.query(text, values) };
}

export async function createQueue(database: Pick<Database, "db" | "driver">, opts: QueueOptions): Promise<JobQueue> {
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const common = {
    schema: QUEUE_SCHEMA,
    supervise: opts.maintenance ?? true,
    schedule: opts.schedules ?? true,
    migrate: true,
  };
  const connection: PgBoss.ConstructorOptions =
    database.driver === "pglite"
      ? { db: { executeSql: (text, values) => pool.query(text, values) } }
      : { connectionString: (pool.options as { connectionString?: string }).connectionString, max: 3, application_name: "card-panel-queue" };
  const boss = new PgBoss({ ...common, ...connection });
  boss.on("error", (err) => opts.logger.error("Job queue error", { error: err.message }));
  await boss.start();

  const created = new Map<string, Promise<void>>();
  const ready = new Set<string>();
  const ensureQueue = (def: JobDef<object>) => {
    let p = created.get(def.name);
    if (!p) {
      const options = {
        name: def.name,
        policy: def.policy,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
      };
      // createQueue is "insert if missing"; update keeps an existing queue's settings in step with the code.
      p = boss
        .createQueue(def.name, options)
        .then(() => boss.updateQueue(def.name, options))
        .then(() => void ready.add(def.name));
      p.catch(() => created.delete(def.name));
      created.set(def.name, p);
    }
    return p;
  };

  for (const def of opts.jobs ?? []) await ensureQueue(def);

  const stopping = new AbortController();
  /** This process's workers by job name: a send wakes them instead of waiting for their next poll. */
  const workers = new Map<string, string[]>();
  const givenUp = new Map<string, (data: object) => Promise<void>>();
  let stopped = false;

  // Heartbeats of the jobs this process runs: a killed process's jobs are noticed by the others
  // within seconds, not at the queue's 15-minute expiry (issue 27). Times are the database's.
  const hb = jobHeartbeats;
  const beat = (def: JobDef<object>, jobId: string) =>
    database.db.insert(hb).values({ jobId, jobName: def.name }).onConflictDoUpdate({ target: hb.jobId, set: { beatAt: sql`now()` } });
  const running = new Set<string>();
  const beating = setInterval(() => {
    if (running.size === 0) return;
    database.db
      .update(hb)
      .set({ beatAt: sql`now()` })
      .where(sql`${hb.jobId} in (${sql.join([...running].map((id) => sql`${id}`), sql`, `)})`)
      .catch((err: Error) => opts.logger.warn("Job heartbeat not saved", { error: err.message }));
  }, HEARTBEAT_SECONDS * 1000);
  beating.unref();

  async function failAbandoned(o: { staleSeconds?: number } = {}) {
    const stale = o.staleSeconds ?? ABANDONED_AFTER_SECONDS;
    // Deleting claims them: of several processes sweeping at once, one fails each job.
    const lost = await database.db
      .delete(hb)
      .where(sql`${hb.beatAt} < now() - make_interval(secs => ${stale})`)
      .returning({ jobId: hb.jobId, jobName: hb.jobName });
    for (const { jobId, jobName } of lost) {
      if (running.has(jobId)) {
        // Ours and alive (a slow heartbeat): keep it going and beating.
        await beat({ name: jobName } as JobDef<object>, jobId);
        continue;
      }
      await boss.fail(jobName, jobId, { message: "Its server process stopped while running it." });
      const job = await boss.getJobById(jobName, jobId);
      opts.logger.warn("A job's process stopped: job failed back to the queue", { job: jobName, id: jobId, state: job?.state });
      if (job?.state === "failed") await givenUp.get(jobName)?.(job.data as object);
    }
    return lost.length;
  }
  const sweeping = opts.maintenance === false ? undefined : setInterval(() => void failAbandoned().catch((err: Error) => opts.logger.warn("Looking for abandoned jobs failed", { error: err.message })), HEARTBEAT_SECONDS * 1000);
  sweeping?.unref();

  return {
    async send(def, data, o = {}) {
      if (def.policy === "stately" && !o.singletonKey) throw new Error(`Job ${def.name} is stately: send it with a singletonKey.`);
      if (o.tx && !ready.has(def.name)) throw new Error(`Job ${def.name} is sent in a transaction: list it in createQueue's jobs (server/jobs.ts ALL_JOBS).`);
      if (!o.tx) await ensureQueue(def);
      const id = await boss.send(def.name, data, {
        singletonKey: o.singletonKey,
        retryLimit: o.retryLimit ?? def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
        startAfter: o.startAfterSeconds,
        ...(o.tx && { db: inTransaction(o.tx) }),
      });
      if (id && !o.startAfterSeconds) for (const w of workers.get(def.name) ?? []) boss.notifyWorker(w);
      return id;
    },

    async sendMany(def, jobs, o = {}) {
      if (jobs.length === 0) return;
      if (o.tx && !ready.has(def.name)) throw new Error(`Job ${def.name} is sent in a transaction: list it in createQueue's jobs (server/jobs.ts ALL_JOBS).`);
      if (!o.tx) await ensureQueue(def);
      const rows = jobs.map((j) => ({
        name: def.name,
        data: j.data,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
        // pg-boss reads a string without a trailing Z as an interval from the database's now().
        ...(j.startAfterSeconds ? { startAfter: `${Math.ceil(j.startAfterSeconds)} seconds` } : {}),
      }));
      await boss.insert(rows, o.tx ? { db: inTransaction(o.tx) } : {});
      if (jobs.some((j) => !j.startAfterSeconds)) for (const w of workers.get(def.name) ?? []) boss.notifyWorker(w);
    },

    async work<D extends object>(
      def: JobDef<D>,
      handler: (job: QueueJob<D>) => Promise<void>,
      o: { concurrency?: number; pollingIntervalSeconds?: number; onGivenUp?: (data: D) => Promise<void> } = {},
    ) {
      if (stopped) throw new Error("The job queue is stopped.");
      await ensureQueue(def);
      if (o.onGivenUp) givenUp.set(def.name, o.onGivenUp as (data: object) => Promise<void>);
      for (let i = 0; i < (o.concurrency ?? 1); i++) {
        // One job per fetch, so each job completes or fails on its own; after a job, fetch again
        // at once (notify) instead of waiting a polling interval: a backlog drains at full speed.
        let id = "";
        id = await boss.work<D>(
          def.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: o.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            running.add(job.id);
            await beat(def, job.id);
            try {
              await handler({
                id: job.id,
                data: job.data,
                attempt: job.retryCount + 1,
                isLastAttempt: job.retryCount >= job.retryLimit,
                signal: stopping.signal,
              });
            } finally {
              running.delete(job.id);
              await database.db.delete(hb).where(eq(hb.jobId, job.id)).catch(() => {});
              if (!stopping.signal.aborted) boss.notifyWorker(id);
            }
          },
        );
        workers.set(def.name, [...(workers.get(def.name) ?? []), id]);
      }
    },

    async schedule(def, cron, data, o = {}) {
      await ensureQueue(def);
      await boss.schedule(def.name, cron, data, { tz: o.tz ?? "Asia/Kolkata" });
    },

    async unschedule(def) {
      await boss.unschedule(def.name);
    },

    async jobState(def, id) {
      const job = await boss.getJobById(def.name, id, { includeArchive: true });
      return job?.state ?? null;
    },

    failAbandoned,

    async stop(o = {}) {
      if (stopped) return;
      stopped = true;
      clearInterval(beating);
      if (sweeping) clearInterval(sweeping);
      stopping.abort();
      // Running handlers see the abort and end; what still runs after the timeout is failed and
      // retried on the next start. PGlite's pool is ours: pg-boss closes only a pool it opened.
      await boss.stop({ graceful: true, wait: true, timeout: o.timeoutMs ?? 10_000, close: true });
    },
  };
}
