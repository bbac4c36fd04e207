/**
 * `npm run test:scale` (a phase of `npm test` when Caddy and PostgreSQL are there; ADR 0038):
 * several app processes behind Caddy behave as one product.
 *
 *  1. Three processes start in the same second on a fresh PostgreSQL database and one shared
 *     DATA_DIR: all come up (no start-up race), demo data is seeded once.
 *  2. Made on one process, used on another: a session, a test-gateway purchase, an upload, a
 *     video rendered by the queue.
 *  3. Load through Caddy (deploy/Caddyfile) while one process is killed with SIGKILL and another
 *     restarted with SIGTERM: 0 failed requests (any 5xx or connection error counts).
 *  4. With the killed process still down, an approved agency domain gets its certificate at the
 *     first handshake (the ask goes to any live process); an unknown name gets none.
 *  5. The several-machines layout: two processes, each with its own DATA_DIR, on S3-compatible
 *     storage (a loopback stand-in bucket that checks signatures): a file uploaded to one is
 *     served by the other.
 *
 * Counts failures, never latency. SCALE_PG_URL (default postgres://postgres@127.0.0.1:5432/cardpanel_scale)
 * names a database it drops and recreates; SCALE_PORT (default 3411) the first of its ports;
 * SCALE_FAILOVER_ROUNDS (default 1) how many times step 3 kills and restarts under the load.
 * Exit 0: passed; 1: failed; 2: skipped (no caddy, no PostgreSQL or no build).
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { standInBucket } from "../support/s3-stand-in.ts";
import {
  direct,
  dropDatabase,
  freshDatabase,
  handshake,
  loadThroughCaddy,
  MAIN_HOST,
  makeTempDir,
  ports as portsFor,
  skipReason,
  sleep,
  startApp,
  startCaddy,
  tail,
  waitReady,
  type App,
  type Caddy,
} from "./cluster.ts";

const PG_URL = process.env.SCALE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/cardpanel_scale";
const P = portsFor(3);
// The several-machines layout (step 5): two more processes, not behind Caddy.
const MACHINES = portsFor(5).apps.slice(3);
const origin = `https://${MAIN_HOST}:${P.https}`;
const host = `${MAIN_HOST}:${P.https}`;
const t0 = Date.now();
const log = (msg: string) => console.log(`[scale ${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}`);
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) problems.push(what);
};

async function skipUnlessReady() {
  const why = await skipReason(PG_URL);
  if (why) {
    console.log(`scale-out test skipped: ${why}.`);
    process.exit(2);
  }
}

const dir = makeTempDir("cardpanel-scale-");
const dataDir = path.join(dir, "data"); // one folder shared by every process (the one-machine setup)
let apps: App[] = [];
let caddy: Caddy | undefined;
let db: pg.Client | undefined;
let bucket: Awaited<ReturnType<typeof standInBucket>> | undefined;

const one = async <T>(q: string, args: unknown[] = []) => (await db!.query(q, args)).rows[0] as T;
const cookieOf = (h: { headers: Record<string, string | string[] | undefined> }) =>
  ([] as string[]).concat(h.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
const decode = (s: string) => s.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
const hiddenFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [decode(m[1]), decode(m[2])]));
const formAction = (html: string) => decode(html.match(/<form method="post" action="([^"]+)">/)![1]);
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { "content-type": "application/json", origin } });
const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", origin } });

async function main() {
  await skipUnlessReady();
  await freshDatabase(PG_URL);
  log(`fresh database ${new URL(PG_URL).pathname.slice(1)}, migrated; shared DATA_DIR ${dataDir}`);
  db = new pg.Client({ connectionString: PG_URL });
  await db.connect();

  // 1. Started together.
  apps = P.apps.map((port) => startApp({ port, databaseUrl: PG_URL, dataDir, logDir: dir, publicUrl: origin }));
  const started = await Promise.allSettled(apps.map((a) => waitReady(a)));
  check(started.every((s) => s.status === "fulfilled"), `${apps.length} processes started in the same second on a fresh database all came up`);
  for (const s of started) if (s.status === "rejected") console.log(String(s.reason));
  if (problems.length) return;
  const { n: sweets } = await one<{ n: number }>("select count(*)::int as n from businesses where business_name = 'Sharma Sweets'");
  check(sweets === 1, `demo data seeded once (Sharma Sweets: ${sweets})`);

  caddy = await startCaddy({ ports: P, dir });
  log(`caddy on https ${P.https} in front of ${P.apps.join(", ")}`);

  // 2. Across processes. A, B, C: the three processes.
  const [A, B, C] = P.apps;
  const login = await direct(A, "POST", "/api/v1/login", { ...json({ ...DEMO_ACCOUNTS.customer.login, password: DEMO_PASSWORD }), host });
  const cookie = cookieOf(login);
  const session = await direct(B, "GET", "/api/v1/session", { headers: { cookie }, host });
  const actor = JSON.parse(session.body.toString()).actor;
  check(login.status === 200 && !!actor && actor.kind !== "anonymous", "a session made on one process is signed in on another");

  const business = await one<{ business_id: number; agency_id: number }>("select business_id, agency_id from businesses where business_name = 'Sharma Sweets'");
  const plan = await one<{ subscription_plan_id: number }>(
    "select subscription_plan_id from subscription_plans where agency_id = $1 and is_active and not is_custom order by price limit 1",
    [business.agency_id],
  );
  const order = await direct(A, "POST", "/api/v1/card-payment/order", { ...json({ businessId: business.business_id, planId: plan.subscription_plan_id }), host, headers: { ...json({}).headers, cookie } });
  const orderJson = JSON.parse(order.body.toString());
  const page = await direct(B, "GET", `${orderJson.testCheckoutUrl}&return=${encodeURIComponent("/panel/customer/pricing")}`, { host, headers: { cookie } });
  const pageHtml = page.body.toString();
  const pressed = page.status === 200 ? await direct(C, "POST", formAction(pageHtml), { ...form({ ...hiddenFields(pageHtml), outcome: "success" }), host, headers: { ...form({}).headers, cookie } }) : page;
  const handoff = pressed.body.toString();
  const callback = pressed.status === 200 ? await direct(A, "POST", formAction(handoff), { ...form(hiddenFields(handoff)), host, headers: { ...form({}).headers, cookie } }) : pressed;
  const paid = await one<{ status: string; n: number }>("select min(status) as status, count(*)::int as n from card_payments where razorpay_order_id = $1", [orderJson.order?.id ?? ""]);
  check(
    order.status === 200 && page.status === 200 && callback.status === 303 && paid.status === "paid" && paid.n === 1,
    `a test-gateway purchase ordered on one process, paid on another, confirmed on a third is granted once (order ${order.status}, checkout ${page.status}, callback ${callback.status}, ${paid.n} × ${paid.status})`,
  );

  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1565c0" } }).png().toBuffer();
  const upload = new FormData();
  upload.set("file", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
  upload.set("hierarchy1", "business-logo");
  upload.set("hierarchy2", String(business.business_id));
  const multipart = new Response(upload);
  const uploaded = await direct(B, "POST", "/api/v1/document/uploadDoc", {
    body: Buffer.from(await multipart.arrayBuffer()),
    headers: { "content-type": multipart.headers.get("content-type")!, origin, cookie },
    host,
  });
  const url = uploaded.status === 200 ? (JSON.parse(uploaded.body.toString()).url as string) : "";
  const served = await Promise.all([A, C].map((p) => direct(p, "GET", new URL(url || "/uploads/none", origin).pathname, { host })));
  check(uploaded.status === 200 && served.every((r) => r.status === 200 && r.body.length > 0), `a file uploaded to one process is served by the others (${uploaded.status}, ${served.map((r) => r.status).join(", ")})`);

  // The seed's promotional video, rendered by whichever process took the job, served by all.
  let video: { status: string; output_url: string | null; attempts: number } | undefined;
  for (let i = 0; i < 240 && video?.status !== "ready" && video?.status !== "failed"; i++) {
    video = await one("select status, output_url, attempts from user_videos where deleted_at is null order by video_no limit 1");
    if (video?.status !== "ready") await sleep(250);
  }
  const videoServed = video?.output_url ? await Promise.all(P.apps.map((p) => direct(p, "GET", `/uploads/${video!.output_url}`, { host }))) : [];
  check(
    video?.status === "ready" && video.attempts === 1 && videoServed.length === 3 && videoServed.every((r) => r.status === 200),
    `a video rendered once by one process is served by every process (${video?.status}, attempts ${video?.attempts}, ${videoServed.map((r) => r.status).join(", ")})`,
  );

  // 5, started now to overlap the load phase, checked after it. Several machines: each its own
  // DATA_DIR, files in an S3-compatible bucket (a loopback stand-in that checks signatures).
  bucket = await standInBucket("scale-secret-key");
  const s3 = { STORAGE_DRIVER: "s3", S3_ENDPOINT: bucket.endpoint, S3_BUCKET: "card-uploads", S3_REGION: "ap-south-1", S3_ACCESS_KEY_ID: "SCALEKEY", S3_SECRET_ACCESS_KEY: "scale-secret-key" };
  const machines = MACHINES.map((port) => startApp({ port, databaseUrl: PG_URL, dataDir: path.join(dir, `machine-${port}`), logDir: dir, publicUrl: origin, env: s3 }));

  // 3. Load through Caddy while one process is killed and another restarted.
  // The demo's public card (what customers share), as the seeding process wrote it in DATA_DIR.
  const cardId = (JSON.parse(fs.readFileSync(path.join(dataDir, "demo-sign-ins.json"), "utf8")) as { publicCardIds?: string[] }).publicCardIds?.[0];
  // What visitors load (not /readyz: a draining process rightly answers it 503).
  const paths = ["/privacy", ...(cardId ? [`/${cardId}`] : []), "/panel/login", "/favicon.svg"];
  const load = loadThroughCaddy({ port: P.https, ca: caddy.ca, connections: 16, paths });
  await sleep(1500);
  // SCALE_FAILOVER_ROUNDS (default 1) repeats the kill and the restart under the same load.
  const rounds = Number(process.env.SCALE_FAILOVER_ROUNDS ?? 1);
  const codes: (number | null)[] = [];
  for (let round = 1; round <= rounds; round++) {
    const before = load.result.failed;
    log(`round ${round}/${rounds}: kill -9 the first process`);
    apps[0].child.kill("SIGKILL");
    await apps[0].exited;
    if (round === 1) {
      // 4. Certificates on demand with the first process dead (the ask must reach another one).
      await db.query("insert into agencies (agency_name, host, ssl_domain, ssl_status, is_active) values ('Scale Media', 'scale-agency.localhost', 'scale-agency.localhost', 'active', true)");
      check(await handshake(P.https, "scale-agency.localhost", caddy.ca), "an approved agency domain gets a certificate at its first handshake while one process is down");
      check(!(await handshake(P.https, "stranger.localhost", caddy.ca)), "an unknown name gets no certificate");
    }
    // While the killed one starts again, the second is restarted with SIGTERM (a rolling restart):
    // for a while the third serves alone.
    log("start the first process again; restart the second with SIGTERM");
    apps[0] = startApp({ port: A, databaseUrl: PG_URL, dataDir, logDir: dir, publicUrl: origin });
    apps[1].child.kill("SIGTERM");
    codes.push(await apps[1].exited);
    apps[1] = startApp({ port: B, databaseUrl: PG_URL, dataDir, logDir: dir, publicUrl: origin });
    await Promise.all([waitReady(apps[0]), waitReady(apps[1])]);
    await sleep(2500); // Caddy's health check takes them back in
    log(`round ${round}: ${load.result.total} requests so far, ${load.result.failed - before} failed in this round`);
  }
  const r = await load.stop();
  check(codes.every((code) => code === 0), `a SIGTERM'd process drained and exited 0 (${codes.join(", ")})`);
  check(
    r.total > 100 && r.failed === 0,
    `${r.total} requests through Caddy while ${rounds === 1 ? "one process was" : `in each of ${rounds} rounds one process was`} killed and another restarted: ${r.failed} failed ${JSON.stringify(r.reasons)}`,
  );

  // 5. Several machines: a file uploaded to one is served by the other.
  apps.push(...machines);
  await Promise.all(machines.map((m) => waitReady(m)));
  const [M1, M2] = MACHINES;
  const again = new Response(upload);
  const put = await direct(M1, "POST", "/api/v1/document/uploadDoc", {
    body: Buffer.from(await again.arrayBuffer()),
    headers: { "content-type": again.headers.get("content-type")!, origin, cookie },
    host,
  });
  const s3Url = put.status === 200 ? (JSON.parse(put.body.toString()).url as string) : "/uploads/none";
  const got = await direct(M2, "GET", new URL(s3Url, origin).pathname, { host });
  check(
    put.status === 200 && got.status === 200 && got.body.length > 0 && bucket.objects.size > 0 && bucket.seen.every((r) => r.ok),
    `several machines on S3-compatible storage: a file uploaded to one is served by the other (${put.status}, ${got.status}, ${bucket.objects.size} object(s) in the bucket)`,
  );
}

/** Nothing is checked after this, so no draining: SIGKILL. */
async function stopApps() {
  await Promise.all(
    apps.map(async (a) => {
      if (a.child.exitCode === null && a.child.signalCode === null) a.child.kill("SIGKILL");
      await a.exited;
    }),
  );
}

async function teardown() {
  await stopApps();
  await caddy?.stop();
  await bucket?.close();
  await db?.end().catch(() => {});
  await dropDatabase(PG_URL).catch(() => {});
}

let crashed: unknown;
try {
  await main();
} catch (err) {
  crashed = err;
}
if (crashed || problems.length) {
  console.log(crashed ? `scale-out test crashed: ${(crashed as Error).stack}` : `scale-out test failed:\n  - ${problems.join("\n  - ")}`);
  for (const a of apps) console.log(`--- ${a.log}\n${tail(a.log, 15)}`);
  if (caddy) console.log(`--- ${caddy.log}\n${tail(caddy.log, 15)}`);
}
await teardown();
if (crashed || problems.length) {
  console.log(`logs kept in ${dir}`);
  process.exit(1);
}
fs.rmSync(dir, { recursive: true, force: true });
log("scale-out test passed");
process.exit(0);
