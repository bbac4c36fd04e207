import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rateLimits } from "#server/db/schema/core.ts";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Fixed-window counter in the database (shared by every app instance).
 * One atomic upsert per check: the window restarts once it has passed.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<RateLimitResult> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then ${now} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning();
  const resetAt = row.windowStartedAt.getTime() + windowSeconds * 1000;
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
  };
}

/** Give one back (e.g. an attempt that turned out fine). */
export async function releaseRateLimit(db: Db, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export type SlowDown = { freeAttempts: number; firstDelaySeconds: number; maxDelaySeconds: number; forgetAfterSeconds: number };

/** Seconds to wait after the `n`-th attempt in a row: none for the first few, then doubling, capped. */
export const slowDownDelaySeconds = (n: number, s: SlowDown) =>
  n < s.freeAttempts ? 0 : Math.min(s.maxDelaySeconds, s.firstDelaySeconds * 2 ** Math.min(n - s.freeAttempts, 30));

/**
 * Claim one attempt under a growing delay (never a lock-out): allowed once the previous
 * attempt's delay has passed. The row keeps the attempts in a row (`count`) and when the next
 * may come (`windowStartedAt`); both move in one conditional UPDATE, so parallel attempts
 * cannot share a slot. A quiet day forgets the count; clearRateLimit resets it.
 */
export async function claimSlowedAttempt(db: Db, key: string, s: SlowDown, now: Date): Promise<RateLimitResult> {
  const forgotten = sql`${rateLimits.windowStartedAt} < ${now}::timestamptz - ${s.forgetAfterSeconds} * interval '1 second'`;
  const next = sql`case when ${forgotten} then 1 else ${rateLimits.count} + 1 end`;
  const delay = sql`case when ${next} < ${s.freeAttempts} then 0 else least(${s.maxDelaySeconds}, ${s.firstDelaySeconds} * power(2, least(${next} - ${s.freeAttempts}, 30))) end`;
  const claim = () =>
    db
      .update(rateLimits)
      .set({ count: next, windowStartedAt: sql`${now}::timestamptz + (${delay}) * interval '1 second'` })
      .where(and(eq(rateLimits.key, key), lte(rateLimits.windowStartedAt, now)))
      .returning({ count: rateLimits.count });
  let [row] = await claim();
  if (!row) {
    [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, windowStartedAt: new Date(now.getTime() + slowDownDelaySeconds(1, s) * 1000) })
      .onConflictDoNothing()
      .returning({ count: rateLimits.count });
  }
  if (!row) [row] = await claim(); // another request created the row a moment ago
  if (row) return { allowed: true, count: row.count, retryAfterSeconds: 0 };
  const [blocked] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  const waitMs = (blocked?.windowStartedAt.getTime() ?? now.getTime()) - now.getTime();
  return { allowed: false, count: blocked?.count ?? 0, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
