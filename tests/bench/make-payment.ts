/**
 * `npm run bench` (after run.ts): make-payment per second, on PGlite and on PostgreSQL (ADR 0015,
 * "Razorpay gateway"). Each call is a real POST /card-payment/gateway through the API in-process
 * (no HTTP listener): the checkout signature check against the stored order, the payment fetched
 * through the real Razorpay SDK (answered in-process by the built-in test gateway: no network, so
 * the figure is our cost, not Razorpay's latency), and the grant transaction (row locks, paid row,
 * business extended). Orders are created beforehand and not timed. 20 businesses, 8 callers at once.
 *
 *   BENCH_PAYMENTS=400   BENCH_CONCURRENCY=8   BENCH_DATABASES=pglite,postgres   BENCH_PG_URL (its server is used)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createApi } from "#server/api/app.ts";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/deps.ts";
import { businesses } from "#server/db/schema/business.ts";
import { subscriptionPlans } from "#server/db/schema/billing.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { silentLogger } from "#server/services/logger.ts";
import { createTemplate, dropTemplate, MAIN_HOST, openCopy } from "../support/db-template.ts";
import { reachable, benchPgServerUrl } from "./server.ts";

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BUSINESSES = 20;
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const pgUrl = benchPgServerUrl();

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function bench(db: "pglite" | "postgres") {
  const info = await createTemplate(db === "postgres" ? pgUrl : undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-paybench-"));
  const database = await openCopy(info, dataDir);
  try {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, MAIN_HOST });
    const deps = await createDeps(config, database.db, silentLogger);
    const api = createApi(deps);
    const test = deps.paymentGateway?.testGateway;
    if (!test) throw new Error("make-payment bench: the built-in test gateway is not on");
    const call = async (method: string, p: string, body: unknown, cookie?: string) => {
      const res = await api.request(`http://${MAIN_HOST}/api/v1${p}`, {
        method,
        headers: { "content-type": "application/json", "x-panel-client-ip": "10.9.0.1", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
      return { json, res };
    };

    const login = await call("POST", "/login", { ...DEMO_ACCOUNTS.customer.login, password: DEMO_PASSWORD });
    const cookie = login.res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

    // The customer's businesses: Sharma Sweets and copies of it, so grants spread over rows.
    const [sharma] = await database.db.select().from(businesses).where(eq(businesses.businessName, "Sharma Sweets"));
    const { businessId: _id, ...rest } = sharma;
    const copies = await database.db
      .insert(businesses)
      .values(Array.from({ length: BUSINESSES - 1 }, (_, i) => ({ ...rest, businessName: `Bench Sweets ${i + 1}` })))
      .returning({ businessId: businesses.businessId });
    const ids = [sharma.businessId, ...copies.map((c) => c.businessId)];
    const [plan] = await database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.agencyId, sharma.agencyId)).limit(1);

    const bodies: Record<string, unknown>[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const businessId = ids[i % ids.length];
      const { json } = await call("POST", "/card-payment/order", { businessId, planId: plan.subscriptionPlanId }, cookie);
      bodies.push({ businessId, planId: plan.subscriptionPlanId, ...(await test.pay(json.order.id))! });
    }

    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const t0 = performance.now();
          await call("POST", "/card-payment/gateway", body, cookie);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { db, perSecond: bodies.length / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), n: bodies.length };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropTemplate(info);
  }
}

const rows: Awaited<ReturnType<typeof bench>>[] = [];
for (const db of databases) {
  if (db === "postgres" && !(await reachable(pgUrl))) {
    console.log(`make-payment on postgres: skipped (nothing answers at ${new URL(pgUrl).host}; set BENCH_PG_URL)`);
    continue;
  }
  rows.push(await bench(db as "pglite" | "postgres"));
}
console.log("\nmake-payment (signature check + Razorpay fetch via SDK, in-process test gateway + grant transaction)");
console.log(`${"database".padEnd(10)}${"payments/s".padStart(12)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"n".padStart(7)}`);
for (const r of rows) {
  console.log(`${r.db.padEnd(10)}${r.perSecond.toFixed(0).padStart(12)}${r.p50.toFixed(1).padStart(10)}${r.p99.toFixed(1).padStart(10)}${String(r.n).padStart(7)}`);
}
