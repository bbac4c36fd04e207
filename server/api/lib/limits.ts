import { hitRateLimit } from "#server/auth/rate-limit.ts";
import { tooManyRequests } from "./errors.ts";
import type { ApiContext } from "./env.ts";

type Limit = {
  key: string;
  limit: number;
  windowSeconds: number;
  /** What the user reads past the limit; a function gets the wait in whole minutes. */
  message: string | ((minutes: number) => string);
};

/** Count one hit against a limit (in the database, shared by every instance); past it, 429. */
export async function enforceLimit(c: ApiContext, { key, limit, windowSeconds, message }: Limit) {
  const { db, now } = c.get("deps");
  const r = await hitRateLimit(db, key, limit, windowSeconds, now());
  if (r.allowed) return;
  const minutes = Math.max(1, Math.ceil(r.retryAfterSeconds / 60));
  throw tooManyRequests(typeof message === "string" ? message : message(minutes), r.retryAfterSeconds);
}
