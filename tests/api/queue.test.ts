/**
 * The job queue (ADR 0022) on the database under test: PGlite by default, PostgreSQL when
 * DATABASE_URL is set. Each test uses its own job name, so tests never see each other's jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueue, defineJob, type JobDef, type JobQueue, type QueueJob } from "#server/services/queue/index.ts";
import { eq, sql } from "drizzle-orm";
import { silentLogger } from "#server/services/logger.ts";
import { jobHeartbeats } from "#server/db/schema/scale-out.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

/** A promise and its resolve, for a handler to signal the test. */
function signal<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Poll every 0.5 s (pg-boss's minimum) where a retry is due at once: the fetch right after a
 * failure can run before the retry's start time has passed, and then waits one interval.
 */
const FAST = { pollingIntervalSeconds: 0.5 };

const openQueue = () => createQueue({ db: t.db, driver: t.driver }, { logger: silentLogger, maintenance: false, schedules: false });

describe("job queue", () => {
  it("runs a job sent to it, with its data", async () => {
    const job = defineJob<{ n: number }>("test.runs");
    const ran = signal<QueueJob<{ n: number }>>();
    await t.queue.work(job, async (j) => ran.resolve(j));
    const id = await t.queue.send(job, { n: 42 });
    const got = await ran.promise;
    expect(got).toMatchObject({ id, data: { n: 42 }, attempt: 1 });
    await expect.poll(() => t.queue.jobState(job, id!)).toBe("completed");
  });

  it("retries a failed attempt, and says which attempt is the last", async () => {
    const job = defineJob<{ n: number }>("test.retries", { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false });
    const attempts: { attempt: number; last: boolean }[] = [];
    const done = signal();
    await t.queue.work(job, async (j) => {
      attempts.push({ attempt: j.attempt, last: j.isLastAttempt });
      if (j.attempt === 1) throw new Error("first attempt fails");
      done.resolve();
    }, FAST);
    const id = await t.queue.send(job, { n: 1 });
    await done.promise;
    expect(attempts).toEqual([
      { attempt: 1, last: false },
      { attempt: 2, last: true },
    ]);
    await expect.poll(() => t.queue.jobState(job, id!)).toBe("completed");
  });

  it("ends in failed when every attempt fails", async () => {
    const job = defineJob<{ n: number }>("test.fails", { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false });
    const last = signal();
    await t.queue.work(job, async (j) => {
      if (j.isLastAttempt) last.resolve();
      throw new Error("always fails");
    }, FAST);
    const id = await t.queue.send(job, { n: 1 });
    await last.promise;
    await expect.poll(() => t.queue.jobState(job, id!)).toBe("failed");
  });

  it("keeps one waiting job per key on a stately job (a double click sends once)", async () => {
    const job = defineJob<{ n: number }>("test.dedupe", { policy: "stately" });
    const first = await t.queue.send(job, { n: 1 }, { singletonKey: "render:1" });
    const again = await t.queue.send(job, { n: 2 }, { singletonKey: "render:1" });
    const other = await t.queue.send(job, { n: 3 }, { singletonKey: "render:2" });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
    await expect(t.queue.send(job, { n: 4 })).rejects.toThrow(/singletonKey/);
  });

  it("sends inside a transaction: the job exists only if the transaction commits", async () => {
    const job = defineJob<{ n: number }>("test.in-transaction");
    await expect(t.db.transaction((tx) => t.queue.send(job, { n: 0 }, { tx }))).rejects.toThrow(/ALL_JOBS/);
    const ran: number[] = [];
    const done = signal();
    // Registering a worker makes the job's queue (as createQueue's `jobs` does at start).
    await t.queue.work(job, async (j) => {
      ran.push(j.data.n);
      done.resolve();
    });
    const rolledBack = await t.db
      .transaction(async (tx) => {
        await t.queue.send(job, { n: 1 }, { tx });
        throw new Error("roll back");
      })
      .catch(() => "rolled back");
    expect(rolledBack).toBe("rolled back");
    const committed = await t.db.transaction((tx) => t.queue.send(job, { n: 2 }, { tx }));
    await done.promise;
    expect(ran).toEqual([2]);
    await expect.poll(() => t.queue.jobState(job, committed!)).toBe("completed");
  });

  it("refuses a cron it cannot read", async () => {
    const job = defineJob<object>("test.schedule");
    await expect(t.queue.schedule(job, "not a cron", {})).rejects.toThrow();
    await t.queue.schedule(job, "0 6 1 * *", {}, { tz: "Asia/Kolkata" });
    await t.queue.unschedule(job);
  });
});

describe("a restart", () => {
  let first: JobQueue | undefined;
  let second: JobQueue | undefined;
  afterAll(async () => {
    await first?.stop({ timeoutMs: 1000 });
    await second?.stop({ timeoutMs: 1000 });
  });

  it("keeps waiting jobs, and retries the one that was running when the queue stopped", async () => {
    const job = defineJob<{ n: number }>("test.restart", { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false });
    first = await openQueue();
    const started = signal();
    await first.work(job, async (j) => {
      started.resolve();
      // A long task that honours the stop signal, as a render does (it kills ffmpeg).
      await new Promise<void>((_, reject) => j.signal.addEventListener("abort", () => reject(new Error("stopped")), { once: true }));
    });
    const running = await first.send(job, { n: 1 });
    await started.promise;
    await first.stop({ timeoutMs: 1000 });

    // Sent with no worker running anywhere: it waits in the database.
    second = await openQueue();
    const waiting = await second.send(job, { n: 2 });
    const seen = new Map<number, number>();
    const both = signal();
    await second.work(job, async (j) => {
      seen.set(j.data.n, j.attempt);
      if (seen.size === 2) both.resolve();
    }, FAST);
    await both.promise;
    expect(Object.fromEntries(seen)).toEqual({ 1: 2, 2: 1 });
    await expect.poll(() => second!.jobState(job, running!)).toBe("completed");
    await expect.poll(() => second!.jobState(job, waiting!)).toBe("completed");
  });

  /**
   * A process takes `job` and then "dies": its handler never ends and its last heartbeat was a
   * minute ago (the database's clock, as the heartbeats use). `stop` ends its handler and queue.
   */
  async function abandoned<T extends object>(job: JobDef<T>, data: T) {
    const dying = await openQueue();
    const started = signal<string>();
    const never = signal();
    await dying.work(job, async (j) => {
      started.resolve(j.id);
      await never.promise;
    });
    const id = (await dying.send(job, data))!;
    expect(await started.promise).toBe(id);
    await t.db.update(jobHeartbeats).set({ beatAt: sql`now() - interval '1 minute'` }).where(eq(jobHeartbeats.jobId, id));
    const stop = async () => {
      never.resolve();
      await dying.stop({ timeoutMs: 1000 });
    };
    return { id, stop };
  }

  it("a job whose process died (its heartbeat stopped) is run again by another process at once, not after the 15-minute expiry (issue 27)", async () => {
    const job = defineJob<{ n: number }>("test.abandoned", { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false });
    const dead = await abandoned(job, { n: 7 });
    // A survivor on the same database notices and runs it again.
    const survivor = await openQueue();
    const rerun = signal<QueueJob<{ n: number }>>();
    await survivor.work(job, async (j) => rerun.resolve(j), FAST);
    expect(await survivor.failAbandoned()).toBe(1);
    expect(await rerun.promise).toMatchObject({ id: dead.id, data: { n: 7 }, attempt: 2 });
    await expect.poll(() => survivor.jobState(job, dead.id)).toBe("completed");
    // A live job keeps its heartbeat: nothing else is abandoned.
    expect(await survivor.failAbandoned()).toBe(0);
    await dead.stop();
    await survivor.stop({ timeoutMs: 1000 });
  });

  it("a dead process's job on its last attempt is given up, so its row can say failed", async () => {
    const job = defineJob<{ n: number }>("test.abandoned-last", { retryLimit: 0 });
    const dead = await abandoned(job, { n: 8 });
    const survivor = await openQueue();
    const givenUp = signal<{ n: number }>();
    await survivor.work(job, async () => {}, { onGivenUp: async (data) => givenUp.resolve(data) });
    expect(await survivor.failAbandoned()).toBe(1);
    expect(await givenUp.promise).toEqual({ n: 8 });
    expect(await survivor.jobState(job, dead.id)).toBe("failed");
    await dead.stop();
    await survivor.stop({ timeoutMs: 1000 });
  });
});
