import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Logger } from "#server/services/logger.ts";
import { migrationsFolder, type Db } from "./client.ts";
import { agencies, franchisees } from "./schema/core.ts";
import { hostnameOf } from "#server/auth/tenancy.ts";
import { seed, type SeedSummary } from "./seed.ts";
import { seedLinkStore } from "./seed/link-store.ts";

const summaryFile = (config: Config) => path.join(config.dataDir, "demo-sign-ins.json");

/**
 * Migrations in the code that the database has not applied (PostgreSQL is migrated by
 * `npm run db:migrate`, not at start; new code on an old schema would fail request by request).
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  // Both drivers answer `{ rows }`; the shared Db type leaves the result untyped.
  const one = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const table = await one(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  const applied = table?.t ? Number((await one(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))?.n ?? 0) : 0;
  return Math.max(0, journal.entries.length - applied);
}

/**
 * Production's first start: the platform agency on MAIN_HOST and its first admin, who has no
 * password yet and sets one through an OTP at the staff sign-in. Demo data never goes there.
 */
export async function ensureBootstrapped(db: Db, config: Config, logger: Logger): Promise<undefined> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(agencies);
  if (n > 0) return undefined;
  if (!config.BOOTSTRAP_ADMIN_PHONE) {
    throw new Error(
      "The database is empty. Set BOOTSTRAP_ADMIN_PHONE (a 10-digit mobile) to create the platform agency and its first admin, then start again.",
    );
  }
  await db.transaction(async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({ agencyName: config.BOOTSTRAP_AGENCY_NAME, host: hostnameOf(config.MAIN_HOST), roles: ["superadmin"] })
      .returning();
    await tx.insert(franchisees).values({ agencyId: agency.id, name: "Admin", phoneNumber: config.BOOTSTRAP_ADMIN_PHONE!, roles: ["admin"] });
    // The card editor's Links picker starts with the usual links (ADR 0020).
    await seedLinkStore(tx);
  });
  logger.info(`Created the platform agency on ${config.MAIN_HOST}; admin ${config.BOOTSTRAP_ADMIN_PHONE} signs in at /panel/franchisee-login with an OTP.`);
  return undefined;
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
  const card = summary.publicCardIds?.[0];
  if (card) logger.info(`Demo public card (what customers share): ${withPort(`http://${hostnameOf(config.MAIN_HOST)}`)}/${card}`);
}
