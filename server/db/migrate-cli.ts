/** `npm run db:migrate`: apply pending migrations (PostgreSQL via DATABASE_URL, else PGlite in DATA_DIR). */
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfigOrExit } from "../config.ts";
import { migrationsFolder, openDatabase, type Db } from "./client.ts";

const config = loadConfigOrExit();
const target = config.DATABASE_URL ? `PostgreSQL at ${new URL(config.DATABASE_URL).host}` : `PGlite in ${config.dataDir}`;
const open = (migrate: boolean) => openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate });

/** Drizzle records applied migrations in drizzle.__drizzle_migrations (absent before the first run). */
async function appliedCount(db: Db): Promise<number> {
  try {
    const res = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    return res.rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
}

const startedAt = performance.now();
// Open twice (PGlite allows one holder at a time): count, then migrate and count again.
const before = await open(false);
const countBefore = await appliedCount(before.db).finally(() => before.close());
const after = await open(true);
const countAfter = await appliedCount(after.db).finally(() => after.close());

const applied = countAfter - countBefore;
const ms = Math.round(performance.now() - startedAt);
console.log(
  applied > 0
    ? `Applied ${applied} migration(s) to ${target} in ${ms} ms (${countAfter} in total, from ${path.relative(process.cwd(), migrationsFolder)}).`
    : `${target} is up to date (${countAfter} migration(s) applied); nothing to do.`,
);
