import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";
import { acquireDataDirLock } from "./lock.ts";

export type Schema = typeof schema;
/** One type for both drivers: the query builder is the same over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type Database = { db: Db; driver: "pglite" | "postgres"; close: () => Promise<void> };

export type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Apply pending migrations (always on PGlite; PostgreSQL uses `npm run db:migrate`). */
  migrate?: boolean;
  /** Load a PGlite data dir from a dump (tests copy one migrated database). */
  loadDataDir?: Blob;
  /** Tests run in memory without a lock. */
  inMemory?: boolean;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.migrate ?? false);
  return openPglite(opts);
}

async function openPostgres(url: string, runMigrations: boolean): Promise<Database> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on("error", (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  const db = drizzle(pool, { schema, casing: "snake_case" });
  if (runMigrations) {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(db, { migrationsFolder });
  }
  return { db: db as unknown as Db, driver: "postgres", close: () => pool.end() };
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let release = () => {};
  let dir: string | undefined;
  if (!opts.inMemory) {
    release = acquireDataDirLock(opts.dataDir);
    dir = path.join(opts.dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true }); // PGlite does not create parents
  }
  try {
    const client = await PGlite.create({ dataDir: dir, loadDataDir: opts.loadDataDir });
    const db = drizzle(client, { schema, casing: "snake_case" });
    if (opts.migrate ?? true) {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(db, { migrationsFolder });
    }
    return {
      db: db as unknown as Db,
      driver: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
