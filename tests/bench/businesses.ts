/**
 * `npm run bench` (issue 9): the staff's All Businesses page over 100,000 businesses on
 * PostgreSQL. A fresh database is migrated, the production server starts on it (and seeds the
 * demo data), then 100,000 businesses (each with its customer and digital card) are added in
 * three `INSERT … SELECT generate_series` statements, and autocannon asks for the page signed in
 * as the agency admin: the first page, a search by name, by phone and by card id, and a filter.
 *
 *   BENCH_BUSINESSES=100000   BENCH_SECONDS=8   BENCH_PORT=3951
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/cardpanel_businesses_bench (dropped and made anew)
 */
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { BROWSER_HEADERS, freshPostgres, reachable, signIn, startServer } from "./server.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3951);
const base = `http://localhost:${PORT}`;
const COUNT = Number(process.env.BENCH_BUSINESSES ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/cardpanel_businesses_bench";
const browser = BROWSER_HEADERS;

/** 100,000 customers, businesses and cards of the platform agency, set-based (a few seconds). */
async function seedBusinesses(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  try {
    // The agency of the admin the bench signs in as (the server seeds the demo data as it starts).
    let agency: number | undefined;
    for (let i = 0; i < 600 && agency === undefined; i++) {
      const { rows } = await client.query<{ id: number }>(`select agency_id as id from franchisees where phone_number = $1`, [DEMO_ACCOUNTS.admin.login.phoneNumber]);
      agency = rows[0]?.id;
      if (agency === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    if (agency === undefined) throw new Error("The server did not seed its demo data (is SEED_ON_EMPTY off?)");
    await client.query("begin");
    // Phones 7000000001…: outside the demo accounts' 90000…/98765… numbers.
    await client.query(
      `insert into users (agency_id, phone_number) select $1, (7000000000 + g)::text from generate_series(1, $2::int) g`,
      [agency, COUNT],
    );
    // Names with a number spelled in digits, so a name search finds a few; a year of creation
    // dates; a third paid, expiries spread over the year ahead and behind.
    await client.query(
      `insert into businesses (agency_id, user_id, business_name, category, phone_number, email, payment_status, is_subscription_active,
         expiry_date_for_customer, business_made_by, created_at, updated_at)
       select $1, u.id, 'Bench Shop ' || g, (array['Bakery','Tailor','Clinic','Electricals','Sweet Shop'])[1 + g % 5],
         '+91' || (7000000000 + g), 'shop' || g || '@bench.example.com', case when g % 3 = 0 then 1 else 0 end, g % 3 = 0,
         now() + ((g % 730) - 365) * interval '1 day', 'self', now() - (g % 365) * interval '1 day' - g * interval '1 second', now()
       from generate_series(1, $2::int) g join users u on u.agency_id = $1 and u.phone_number = (7000000000 + g)::text`,
      [agency, COUNT],
    );
    await client.query(
      `insert into cards (agency_id, business_id, card_id, status)
       select $1, b.business_id, 'bench-shop-' || b.business_id, case when b.business_id % 10 = 0 then 'inactive' else 'active' end
       from businesses b where b.agency_id = $1 and b.business_name like 'Bench Shop %'`,
      [agency],
    );
    await client.query("commit");
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
  return (performance.now() - t0) / 1000;
}

type Result = { name: string; rps: number; p50: number; p99: number; errors: number; found: string };

async function measure(name: string, url: string, cookie: string): Promise<Result> {
  const headers = { ...browser, cookie };
  const page = await (await fetch(url, { headers })).text();
  const found = /(\d+) business(es)?( found)?/.exec(page)?.[0] ?? /"total":(\d+)/.exec(page)?.[1] ?? "";
  await autocannon({ url, connections: 10, duration: 1, headers }); // warm-up, not counted
  const r = await autocannon({ url, connections: 10, duration: seconds, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, found };
}

if (!(await reachable(pgUrl))) {
  console.log(`All Businesses bench: skipped (no PostgreSQL at ${new URL(pgUrl).host}; set BENCH_PG_URL)`);
  process.exit(0);
}
await freshPostgres(pgUrl);
const server = await startServer({ port: PORT, databaseUrl: pgUrl });
try {
  const seedSeconds = await seedBusinesses(pgUrl);
  const cookie = await signIn(base, "/franchisee/login", { ...DEMO_ACCOUNTS.admin.login, password: DEMO_PASSWORD });
  const list = `${base}/panel/admin/businesses`;
  const targets: [string, string][] = [
    // The machine's yardstick in this run: a page with nothing to load (run.ts compares to it too).
    ["/privacy (reference)", `${base}/privacy`],
    ["API GET /business?search", `${base}/api/v1/business?search=${encodeURIComponent("Bench Shop 4242")}`],
    ["API top-bar notifications", `${base}/api/v1/analytics/admin-notification?pageSize=5`],
    // Another staff page (its own loader is one small call): what the staff frame costs.
    ["staff page: plans & pricing", `${base}/panel/admin/plans-pricing-management`],
    ["first page (no search)", list],
    ["search: name", `${list}?search=${encodeURIComponent("Bench Shop 4242")}`],
    ["search: phone", `${list}?search=${encodeURIComponent("70000 42424")}`],
    ["search: card id", `${list}?search=bench-shop-777`],
    ["filter: expiring soon", `${list}?expiry=expiring-soon`],
  ];
  const results: Result[] = [];
  for (const [name, url] of targets) results.push(await measure(name, url, cookie));
  console.log(`\nAll Businesses, PostgreSQL, ${COUNT.toLocaleString("en-IN")} businesses (seeded in ${seedSeconds.toFixed(1)} s), 10 connections, ${seconds} s each`);
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
  console.log(`${"target".padEnd(26)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)}  ${"rows".padEnd(24)} goal (search: p99 < 100 ms)`);
  for (const r of results) {
    const verdict = r.name.startsWith("search") ? (r.p99 < 100 ? "ok" : "MISSED") : "";
    console.log(`${r.name.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${String(r.p99).padStart(7)}  ${r.found.padEnd(24)} ${verdict}${r.errors ? `  (${r.errors} errors)` : ""}`);
  }
} finally {
  // autocannon stops at its deadline with requests in flight: let them end before the pool closes.
  await new Promise((r) => setTimeout(r, 2000));
  await server.stop();
}
