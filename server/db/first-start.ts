import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Logger } from "#server/services/logger.ts";
import type { Db } from "./client.ts";
import { agencies } from "./schema/core.ts";
import { seed, type SeedSummary } from "./seed.ts";

const summaryFile = (config: Config) => path.join(config.dataDir, "demo-sign-ins.json");

/** Whether migrations have run (PostgreSQL is migrated by `npm run db:migrate`, not at start). */
export async function hasSchema(db: Db) {
  // Both drivers answer `{ rows }`; the shared Db type leaves the result untyped.
  const result = (await db.execute(sql`select to_regclass('public.agencies')::text as t`)) as unknown as { rows: { t: string | null }[] };
  return !!result.rows[0]?.t;
}

/** Seed demo data when the database is empty (first start); remember what to print. */
export async function ensureSeeded(db: Db, config: Config, logger: Logger): Promise<SeedSummary | undefined> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(agencies);
  if (n > 0) return readSummary(config);
  logger.info("Empty database: adding demo data…");
  const summary = await seed(db, { mainHost: config.MAIN_HOST });
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(summaryFile(config), JSON.stringify(summary, null, 2));
  return summary;
}

function readSummary(config: Config): SeedSummary | undefined {
  try {
    return JSON.parse(fs.readFileSync(summaryFile(config), "utf8")) as SeedSummary;
  } catch {
    return undefined;
  }
}

/** One line per demo sign-in, with the port this server really listens on. */
export function printDemoSignIns(config: Config, logger: Logger, summary: SeedSummary | undefined) {
  if (!summary) return;
  const port = `:${config.PORT}`;
  const withPort = (url: string) => url.replace(/^(https?:\/\/[^/:]+)(:\d+)?/, `$1${port}`);
  logger.info("Demo sign-ins (role, login, password, where):");
  for (const s of summary.signIns) logger.info(`  ${s.role.padEnd(34)} ${s.login.padEnd(24)} ${s.password.padEnd(14)} ${withPort(s.url)}`);
}
