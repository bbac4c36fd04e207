import { sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";

/** The readiness route a load balancer polls (deploy/Caddyfile `health_uri`, ADR 0038). */
export const READY_PATH = "/readyz";

/** Does the database answer `select 1` within `timeoutMs`? A hung pool counts as unreachable. */
export async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How long a stopping process keeps serving while /readyz says 503: long enough for the proxy's
 * health check (every 2 s in deploy/Caddyfile) to take it out. Nothing to wait for without a proxy.
 */
export function drainSeconds(config: Pick<Config, "DRAIN_SECONDS" | "TRUST_PROXY">): number {
  return config.DRAIN_SECONDS ?? (config.TRUST_PROXY ? 5 : 0);
}
