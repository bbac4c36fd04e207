/**
 * One migrated + seeded database per test run, copied for every test file (ADR 0005).
 *
 * - PGlite (default): migrate + seed in memory once, dump the data dir to a tarball and write the
 *   script that restores its rows (db-reset.ts). A worker's first test file loads the tarball into
 *   an in-memory PGlite (~2.4 s); each later file in that worker gets the same PGlite back, reset
 *   to the template's rows, under a new query builder (no cache keyed by it carries over).
 * - PostgreSQL (DATABASE_URL set): migrate + seed a template database once; each test file
 *   gets `CREATE DATABASE … TEMPLATE …` and drops it when done.
 *
 * Either way the template already holds the job queue's tables (pg-boss installs them once here,
 * not in every file).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "#server/db/client.ts";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "#server/db/schema/index.ts";
import { seed } from "#server/db/seed.ts";
import { silentLogger } from "#server/services/logger.ts";
import { createQueue } from "#server/services/queue/index.ts";
import { ALL_JOBS } from "#server/jobs.ts";
import { resetScriptOf, resetTo, type ResetScript } from "./db-reset.ts";
import { createPasswordHasher } from "#server/auth/password.ts";

export const MAIN_HOST = "localhost";

/**
 * Argon2id at the smallest cost it takes: tests check what is hashed and verified, not how slowly
 * (production's cost is PRODUCTION_PASSWORD_COST). The seeded hashes use it too, so sign-ins are cheap.
 */
export const testPasswords = createPasswordHasher({ memoryCost: 8, timeCost: 1, parallelism: 1 });

export type TemplateInfo =
  | { mode: "pglite"; dumpFile: string; resetFile: string; dir: string }
  | { mode: "postgres"; adminUrl: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    dbTemplate: TemplateInfo;
  }
}

/** Only lower-case letters, digits and underscores: safe to interpolate as an identifier. */
const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return `"${name}"`;
};

export const databaseUrlFor = (adminUrl: string, database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Build the template. Called once by the global setup (or lazily by a file run without it). */
export async function createTemplate(databaseUrl = process.env.DATABASE_URL): Promise<TemplateInfo> {
  if (databaseUrl) {
    const template = `cardpanel_tpl_${process.pid}_${Date.now().toString(36)}`;
    await withAdmin(databaseUrl, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${ident(template)}`);
      await c.query(`CREATE DATABASE ${ident(template)}`);
    });
    const database = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, template), dataDir: "", migrate: true });
    try {
      await seed(database.db, { mainHost: MAIN_HOST, passwords: testPasswords });
      await installQueue(database);
    } finally {
      await database.close(); // pool.end(): no connection may stay open on a template being cloned
    }
    // Nobody may connect to it any more (cloning needs it idle); DROP still works.
    await withAdmin(databaseUrl, (c) => c.query(`ALTER DATABASE ${ident(template)} WITH ALLOW_CONNECTIONS false`));
    return { mode: "postgres", adminUrl: databaseUrl, template };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-tpl-"));
  const database = await openDatabase({ inMemory: true, dataDir: dir, migrate: true });
  try {
    await seed(database.db, { mainHost: MAIN_HOST, passwords: testPasswords });
    await installQueue(database);
    const dump = await database.dumpDataDir!();
    const dumpFile = path.join(dir, "template.tar");
    fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    const resetFile = path.join(dir, "reset.json");
    fs.writeFileSync(resetFile, JSON.stringify(await resetScriptOf(database.db)));
    return { mode: "pglite", dumpFile, resetFile, dir };
  } finally {
    await database.close();
  }
}

export async function dropTemplate(info: TemplateInfo) {
  if (info.mode === "pglite") {
    fs.rmSync(info.dir, { recursive: true, force: true });
    return;
  }
  await withAdmin(info.adminUrl, async (c) => {
    // Clones a crashed test file left behind carry the template's name as prefix.
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${info.template}%`],
    );
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${ident(datname)} WITH (FORCE)`);
  });
}

/** pg-boss's tables and the app's queues, as every server start makes them. */
async function installQueue(database: Database) {
  const queue = await createQueue(database, { logger: silentLogger, maintenance: false, schedules: false, jobs: ALL_JOBS });
  await queue.stop({ timeoutMs: 1000 });
}

let cloneCounter = 0;

/** This worker's PGlite, between two test files (reset when the next one opens it). */
let spare: Database | undefined;
let resetScript: ResetScript | undefined;

/** A private copy of the template for one test file. */
export async function openCopy(info: TemplateInfo, dataDir: string): Promise<Database> {
  if (info.mode === "pglite") {
    resetScript ??= JSON.parse(fs.readFileSync(info.resetFile, "utf8")) as ResetScript;
    let base = spare;
    spare = undefined;
    if (base && !(await resetTo(base.db, resetScript).catch(() => false))) {
      await base.close();
      base = undefined;
    }
    base ??= await openDatabase({ inMemory: true, dataDir, loadDataDir: new Blob([fs.readFileSync(info.dumpFile)]), migrate: false });
    const kept = base;
    // A new query builder over the same connection: caches keyed by the Db object start empty.
    const pool = (kept.db as unknown as { $client: import("pg").Pool }).$client;
    return {
      ...kept,
      db: drizzle(pool, { schema, casing: "snake_case" }) as unknown as Database["db"],
      close: async () => {
        spare = kept;
      },
    };
  }
  const name = `${info.template}_${process.pid}_${++cloneCounter}`;
  await withAdmin(info.adminUrl, async (c) => {
    // Two files cloning at the same moment is fine; a lingering backend on the template is
    // not (55006): PostgreSQL already waits 5 s for it, retry a few times on top.
    for (let attempt = 1; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(info.template)}`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== "55006" || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  });
  const database = await openDatabase({ databaseUrl: databaseUrlFor(info.adminUrl, name), dataDir, migrate: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(info.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
    },
  };
}
