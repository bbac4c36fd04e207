import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";
import { acquireDataDirLock } from "./lock.ts";

export type Schema = typeof schema;
/** One type for both databases: the query builder over node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type Database = {
  db: Db;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
  /** The embedded database's data dir as a tarball (tests copy one migrated database). */
  dumpDataDir?: () => Promise<Blob>;
};

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

type PoolConfig = import("pg").PoolConfig;

/**
 * Both databases go through one driver (node-postgres) and one code path (ADR 0014): PostgreSQL
 * at DATABASE_URL, or the embedded PGlite, which runs in a worker thread and speaks the wire
 * protocol on a private Unix socket.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    return connect({ connectionString: opts.databaseUrl, max: 10 }, "postgres", opts.migrate ?? false, async () => {});
  }
  return openPglite(opts);
}

/** At most this many statement texts get a name; anything beyond runs unnamed (parsed each time). */
const MAX_NAMED_STATEMENTS = 1000;

/**
 * A pg Client that runs every parameterised statement as a named prepared statement (ADR 0014):
 * the database parses and plans each text once per connection instead of on every query, which
 * is most of a small query's cost on PGlite. Names are per process (`s1`, `s2`, …, one per text);
 * pg parses a name on a connection the first time it sees it there. Statements without
 * parameters (migrations, `begin`, `commit`) stay on the simple protocol.
 */
function withNamedStatements(Client: typeof import("pg").Client, forgetOnConnect: boolean): typeof import("pg").Client {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED_STATEMENTS) names.set(text, (name = `s${names.size + 1}`));
    return name;
  };
  // Typed loosely: pg's overloads (promise or callback) are kept by passing arguments through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Base = Client as unknown as new (...args: any[]) => any;
  return class NamedStatementClient extends Base {
    // PGlite is one session that outlives a socket connection: a replacement connection (after a
    // query error) first forgets the statements the dropped one prepared, or its first Parse of a
    // known name would fail with "prepared statement already exists".
    connect(callback?: (err: Error | null, client?: unknown) => void) {
      const ready = (super.connect() as Promise<void>).then(async () => {
        if (forgetOnConnect) await super.query("DEALLOCATE ALL");
        return this;
      });
      if (!callback) return ready;
      ready.then((client) => callback(null, client), (err: Error) => callback(err));
    }
    query(config: unknown, values?: unknown, callback?: unknown) {
      const q = config as { submit?: unknown; name?: string; text?: unknown; values?: unknown } | null;
      if (q && typeof q === "object" && typeof q.submit !== "function" && !q.name && typeof q.text === "string") {
        const params = Array.isArray(values) ? values : q.values;
        const name = Array.isArray(params) && params.length > 0 ? nameOf(q.text) : undefined;
        if (name) config = { ...q, name };
      }
      return super.query(config, values, callback);
    }
  } as unknown as typeof Client;
}

async function connect(config: PoolConfig, driver: Database["driver"], runMigrations: boolean, stop: () => Promise<void>) {
  const { Pool, Client } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ ...config, Client: withNamedStatements(Client, driver === "pglite") });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on("error", (err) => console.warn(`Database connection lost: ${err.message}`));
  const db = drizzle(pool, { schema, casing: "snake_case" });
  const close = async () => {
    await pool.end();
    await stop();
  };
  try {
    if (runMigrations) {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      const { withStartupLock } = await import("./startup-lock.ts");
      // Two `db:migrate` (or starts) at once: one applies, the other then finds nothing to do.
      await withStartupLock({ db, driver }, () => migrate(db, { migrationsFolder }));
    }
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
  return { db: db as unknown as Db, driver, close } satisfies Database;
}

type WorkerReply = { ready?: true; closed?: true; dump?: Uint8Array; error?: string };

async function openPglite(opts: OpenOptions): Promise<Database> {
  let release = () => {};
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    release = acquireDataDirLock(opts.dataDir);
    dataDir = path.join(opts.dataDir, "pglite");
    fs.mkdirSync(dataDir, { recursive: true }); // PGlite does not create parents
  }
  // A private folder (mode 0700) for the socket: only this user can connect. Short, since Unix
  // socket paths are limited to ~100 bytes. pg finds the socket as <host>/.s.PGSQL.<port>.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-db-"));
  const cleanUp = () => {
    fs.rmSync(socketDir, { recursive: true, force: true });
    release();
  };
  const loadDataDir = opts.loadDataDir ? new Uint8Array(await opts.loadDataDir.arrayBuffer()) : undefined;
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: { dataDir, loadDataDir, socketPath: path.join(socketDir, ".s.PGSQL.5432") },
    transferList: loadDataDir ? [loadDataDir.buffer as ArrayBuffer] : [],
    // Plain JavaScript: none of the parent's loaders or preloads (tsx, the bench's probe).
    execArgv: [],
  });
  const next = () =>
    new Promise<WorkerReply>((resolve, reject) => {
      const done = () => {
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      };
      const onMessage = (m: WorkerReply) => (done(), resolve(m));
      const onError = (err: Error) => (done(), reject(err));
      const onExit = (code: number) => (done(), reject(new Error(`The embedded database thread exited (${code}).`)));
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    });
  // Messages to the worker are answered in order; one request at a time keeps them paired.
  let queue: Promise<unknown> = Promise.resolve();
  const ask = (msg: "dump" | "close") => {
    const reply = queue.then(async () => {
      const r = next();
      worker.postMessage(msg);
      const m = await r;
      if (m.error) throw new Error(m.error);
      return m;
    });
    queue = reply.catch(() => {});
    return reply;
  };

  try {
    const started = await next();
    if (started.error) throw new Error(started.error);
  } catch (err) {
    await worker.terminate();
    cleanUp();
    throw err;
  }
  // The database thread dying is fatal for this process's queries: say why.
  worker.on("error", (err) => console.error(`The embedded database stopped: ${err.stack ?? err.message}`));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await ask("close");
      await new Promise((r) => worker.once("exit", r));
    } finally {
      cleanUp();
    }
  };
  // One connection, kept open: PGlite is a single session (ADR 0014). Code holding a transaction
  // must use its `tx` only: a query on `db` inside it would wait for the one connection forever.
  const database = await connect(
    { host: socketDir, port: 5432, user: "postgres", database: "postgres", max: 1, idleTimeoutMillis: 0 },
    "pglite",
    opts.migrate ?? true,
    stop,
  );
  return {
    ...database,
    dumpDataDir: async () => {
      const { dump } = await ask("dump");
      return new Blob([dump as Uint8Array<ArrayBuffer>]);
    },
  };
}
