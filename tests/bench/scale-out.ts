/**
 * `npm run bench` (issue 27, ADR 0038): requests per second through Caddy (deploy/Caddyfile as
 * shipped) in front of 1, 2 and 3 app processes on one PostgreSQL database, and the failover run:
 * the errors a visitor sees while one of two processes is killed with SIGKILL.
 *
 * Three processes start once; Caddy is started three times with 1, 2 and 3 of them as upstreams,
 * so each row pays the same start-up and only the balancing differs. Load: the public card and
 * the signed-in home, 50 connections, BENCH_SCALE_SECONDS (default 10) each.
 * Skipped (exit 0, with the reason) without caddy, PostgreSQL or a build.
 */
import fs from "node:fs";
import path from "node:path";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import * as cluster from "../scale/cluster.ts";
import { direct, loadThroughCaddy, MAIN_HOST, sleep, startApp, startCaddy, waitReady, type App, type Caddy } from "../scale/cluster.ts";

const PG_URL = process.env.BENCH_SCALE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/cardpanel_scale_bench";
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const CONNECTIONS = 50;
const P = cluster.ports(3);
const origin = `https://${MAIN_HOST}:${P.https}`;

/** A folder of its own for each Caddy run (its CA and state). */
function caddyDir(dir: string, name: string) {
  const d = path.join(dir, name);
  fs.mkdirSync(d, { recursive: true });
  return d;
}

async function run(caddy: Caddy, paths: string[], headers: Record<string, string>, during?: () => Promise<void>) {
  const load = loadThroughCaddy({ port: P.https, ca: caddy.ca, connections: CONNECTIONS, paths, headers });
  const started = Date.now();
  if (during) await during();
  await sleep(Math.max(0, SECONDS * 1000 - (Date.now() - started)));
  const r = await load.stop();
  return { perSecond: r.ok / ((Date.now() - started) / 1000), failed: r.failed, total: r.total };
}

async function main() {
  const why = await cluster.skipReason(PG_URL);
  if (why) {
    console.log(`scale-out bench skipped: ${why}.`);
    return;
  }
  await cluster.freshDatabase(PG_URL);
  const dir = cluster.makeTempDir("cardpanel-scale-bench-");
  const dataDir = path.join(dir, "data");
  const apps: App[] = P.apps.map((port) => startApp({ port, databaseUrl: PG_URL, dataDir, logDir: dir, publicUrl: origin }));
  let caddy: Caddy | undefined;
  try {
    await Promise.all(apps.map((a) => waitReady(a)));
    const login = await direct(P.apps[0], "POST", "/api/v1/login", {
      body: JSON.stringify({ ...DEMO_ACCOUNTS.customer.login, password: DEMO_PASSWORD }),
      headers: { "content-type": "application/json", origin },
      host: `${MAIN_HOST}:${P.https}`,
    });
    const cookie = ([] as string[]).concat(login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");

    const rows: { what: string; card: number; home: number; failed: number }[] = [];
    for (const n of [1, 2, 3]) {
      caddy = await startCaddy({ ports: { ...P, apps: P.apps.slice(0, n) }, dir: caddyDir(dir, `caddy-${n}`) });
      await run(caddy, ["/sharma-sweets"], {}); // warm-up: first renders, connection pools
      const card = await run(caddy, ["/sharma-sweets"], {});
      const home = await run(caddy, ["/panel/customer"], { cookie });
      rows.push({ what: `${n} process${n > 1 ? "es" : ""}`, card: card.perSecond, home: home.perSecond, failed: card.failed + home.failed });
      await caddy.stop();
      caddy = undefined;
    }
    console.log(`\nThrough Caddy, ${CONNECTIONS} connections, ${SECONDS} s each (public card /sharma-sweets; signed-in /panel/customer)`);
    console.log("| upstreams | public card req/s | vs 1 | home req/s | vs 1 | failed |");
    console.log("|---|---|---|---|---|---|");
    for (const r of rows) {
      console.log(`| ${r.what} | ${r.card.toFixed(0)} | ${(r.card / rows[0].card).toFixed(2)}× | ${r.home.toFixed(0)} | ${(r.home / rows[0].home).toFixed(2)}× | ${r.failed} |`);
    }

    // Failover: two upstreams, one killed with SIGKILL a third of the way in.
    caddy = await startCaddy({ ports: { ...P, apps: P.apps.slice(0, 2) }, dir: caddyDir(dir, "caddy-failover") });
    const failover = await run(caddy, ["/sharma-sweets", "/panel/customer"], { cookie }, async () => {
      await sleep((SECONDS * 1000) / 3);
      apps[1].child.kill("SIGKILL");
    });
    console.log(`\nFailover (2 upstreams, one killed with SIGKILL after ${(SECONDS / 3).toFixed(1)} s): ${failover.failed} failed of ${failover.total} requests (goal 0: ${failover.failed === 0 ? "MET" : "MISSED"})`);
  } finally {
    await caddy?.stop();
    for (const a of apps) if (a.child.exitCode === null) a.child.kill("SIGKILL");
    await Promise.all(apps.map((a) => a.exited));
    await cluster.dropDatabase(PG_URL).catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
