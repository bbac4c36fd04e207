import { sql } from "drizzle-orm";
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
