import type { Pool } from "pg";

/** What it needs of an open database (client.ts's Database; not imported: client.ts uses this module). */
type OpenDatabase = { db: unknown; driver: "pglite" | "postgres" };

/** One key for every start-up step that must not run twice at once (ADR 0038). */
const STARTUP_LOCK_KEY = 727_001;

/**
 * Run `fn` while holding a PostgreSQL advisory lock, so processes started together on one
 * database take turns: the first migrates, seeds and makes the job queue's tables and queues,
 * the others wait and then find it done (issue 27: pg-boss's create_queue deadlocked when two
 * processes made the same queues at once). The lock lives on its own connection and goes with it,
 * also when the process dies. PGlite is one process (DATA_DIR's lock): nothing to wait for.
 */
export async function withStartupLock<T>(database: OpenDatabase, fn: () => Promise<T>): Promise<T> {
  if (database.driver !== "postgres") return fn();
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    client.release();
  }
}
