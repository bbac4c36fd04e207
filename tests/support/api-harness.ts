/**
 * The API under test, one per test file: its own copy of the seeded database (PGlite in memory,
 * or a PostgreSQL database cloned from a template when DATABASE_URL is set), its own DATA_DIR
 * (OTP outbox), a clock the test can move, an in-process client and sign-in fixtures.
 *
 *   const t = await createTestApi();
 *   afterAll(() => t.close());
 *   const cookie = await t.signInAs("admin");
 *   const res = await t.client.request("GET", "/franchisee", { cookie });
 *   const same = await t.requestAs("admin", "GET", "/franchisee");
 */
import { eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { createApi } from "#server/api/app.ts";
import type { AnyRoute } from "#server/api/lib/define-route.ts";
import type { Deps } from "#server/api/lib/env.ts";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/deps.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, SECOND_AGENCY_HOST } from "#server/db/demo-accounts.ts";
import { silentLogger } from "#server/services/logger.ts";
import { createQueue } from "#server/services/queue/index.ts";
import { outboundMessages } from "#server/db/schema/messages.ts";
import { deliverMessage } from "#server/api/messages/outbox.ts";
import { ALL_JOBS } from "#server/jobs.ts";
import { createClient, type ApiBody, type ApiMethod, type ApiPath, type Browser, type RequestOptions } from "./api-client.ts";
import { MAIN_HOST, createTemplate, dropTemplate, openCopy, testPasswords, type TemplateInfo } from "./db-template.ts";

export { DEMO_PASSWORD, SECOND_AGENCY_HOST };
export const PLATFORM_HOST = MAIN_HOST;

type Accounts = typeof DEMO_ACCOUNTS;
export type RoleName = keyof Accounts;

/** The seeded accounts (server/db/demo-accounts.ts) with the host of their agency. */
export const ROLES = Object.fromEntries(
  Object.entries(DEMO_ACCOUNTS).map(([name, a]) => [name, { ...a, host: a.agency === "platform" ? PLATFORM_HOST : SECOND_AGENCY_HOST }]),
) as { [K in RoleName]: Accounts[K] & { host: string } };

/** deps.now for tests: real time plus an offset the test moves. */
export function createClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    set(date: Date) {
      offsetMs = date.getTime() - Date.now();
    },
    reset() {
      offsetMs = 0;
    },
    get offsetMs() {
      return offsetMs;
    },
  };
}
export type TestClock = ReturnType<typeof createClock>;

export type OutboxMessage = { channel: "sms" | "email"; to: string; text: string; createdAt: string };

function createOutbox(dataDir: string) {
  const file = path.join(dataDir, "outbox.jsonl");
  const all = (): OutboxMessage[] =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as OutboxMessage)
      : [];
  const to = (recipient: string) => all().filter((m) => m.to === recipient);
  return {
    file,
    all,
    to,
    count: (recipient: string) => to(recipient).length,
    /** The latest code sent to a phone number or email: the first 6 characters of the text. */
    readOtp(recipient: string): string {
      const last = to(recipient).at(-1);
      if (!last) throw new Error(`No OTP was sent to ${recipient} (outbox: ${file})`);
      const code = last.text.slice(0, 6);
      if (!/^\d{6}$/.test(code)) throw new Error(`Outbox message to ${recipient} does not start with a code: ${last.text}`);
      return code;
    },
  };
}

let lazyTemplate: Promise<TemplateInfo> | undefined;

/**
 * `env`: extra settings for loadConfig (e.g. RAZORPAY_* pointing at tests/support/razorpay-stand-in.ts).
 * `deps`: replacements for the network edges (e.g. `domainProbe` pointed at a loopback stand-in).
 */
export async function createTestApi(opts: { routes?: readonly AnyRoute[]; env?: Record<string, string>; deps?: Partial<Deps> } = {}) {
  // The global setup (vitest.config.ts) provides the template; a file run without it builds its own.
  let info = inject("dbTemplate") as TemplateInfo | undefined;
  const ownTemplate = !info;
  if (!info) info = await (lazyTemplate ??= createTemplate());

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-test-"));
  const database = await openCopy(info, dataDir);
  const clock = createClock();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, MAIN_HOST: PLATFORM_HOST, ...opts.env });
  // The job queue is there (routes can send), but runs no workers, maintenance or schedules:
  // a test that wants jobs to run registers its worker (ADR 0022); close() stops it.
  const queue = await createQueue(database, { logger: silentLogger, maintenance: false, schedules: false, jobs: ALL_JOBS });
  const deps = await createDeps(config, database.db, silentLogger, { now: () => clock.now(), queue, passwords: testPasswords, ...opts.deps });
  const api = createApi(deps, opts.routes);
  const client = createClient(api);
  const outbox = createOutbox(dataDir);

  /**
   * One sign-in per role, shared: two first requests at once (a test's double click) wait for the
   * same sign-in. Two sign-ins racing would be refused by the account's slow-down (one attempt at
   * a time, ADR 0040): that race, on PostgreSQL's real concurrency, was a flaky test.
   */
  const cache = new Map<RoleName, Promise<string>>();
  /** Sign in through the real API (POST /login or /franchisee/login); the Cookie header value. */
  function signInAs(role: RoleName, o: { fresh?: boolean } = {}): Promise<string> {
    if (o.fresh) return signInNow(role);
    let cookie = cache.get(role);
    if (!cookie) {
      cookie = signInNow(role);
      cache.set(role, cookie);
      cookie.catch(() => cache.delete(role));
    }
    return cookie;
  }
  async function signInNow(role: RoleName): Promise<string> {
    const r = ROLES[role];
    const res = await client.request("POST", r.kind === "staff" ? "/franchisee/login" : "/login", {
      host: r.host,
      body: { ...r.login, password: DEMO_PASSWORD },
    });
    const token = res.cookies.cp_session;
    if (res.status !== 200 || !token) throw new Error(`Sign-in as ${role} failed: ${res.status} ${res.text}`);
    return `cp_session=${token}`;
  }

  /** A request signed in as `role`, sent to that role's agency host. */
  async function requestAs<M extends ApiMethod, P extends ApiPath<M>>(
    role: RoleName,
    method: M,
    path: P,
    o: Omit<RequestOptions<ApiBody<M, P>>, "cookie" | "host"> = {},
  ) {
    return client.request(method, path, { ...o, cookie: await signInAs(role), host: ROLES[role].host });
  }

  /** requestAs for what the declarations do not allow (route walkers, bodies that must fail validation). */
  async function requestAsUnchecked(role: RoleName, method: string, path: string, o: Omit<RequestOptions, "cookie" | "host"> = {}) {
    return client.requestUnchecked(method, path, { ...o, cookie: await signInAs(role), host: ROLES[role].host });
  }

  /** A new customer through the real sign-up (verifyUser → OTP → verifyOtp → createPassword). */
  async function signUp(
    who: { phoneNumber: string } | { email: string },
    o: { password?: string; host?: string; browser?: Browser } = {},
  ) {
    const b = o.browser ?? client.browser({ host: o.host });
    const to = "email" in who ? who.email.toLowerCase() : who.phoneNumber;
    const steps = [
      await b.post("/verifyUser", who),
      await b.post("/verifyOtp", { otp: outbox.readOtp(to) }),
      await b.post("/createPassword", { password: o.password ?? DEMO_PASSWORD }),
    ];
    const failed = steps.find((s) => s.status !== 200);
    if (failed) throw new Error(`Sign-up of ${to} failed: ${failed.status} ${failed.text}`);
    return { browser: b, cookie: b.cookie, user: steps[2].json.userDetails as { userId: number } & Record<string, unknown> };
  }

  /**
   * What the messages.send worker (which the harness does not run) would do now: send every
   * queued message through the real outbox code, oldest first (ADR 0053). Returns how many it tried.
   */
  async function sendQueuedMessages() {
    const queued = await database.db.select({ id: outboundMessages.id }).from(outboundMessages).where(eq(outboundMessages.status, "queued")).orderBy(outboundMessages.id);
    for (const m of queued) await deliverMessage(deps, queue, { data: { messageId: m.id }, isLastAttempt: false });
    return queued.length;
  }

  return {
    api,
    deps,
    db: database.db,
    driver: database.driver,
    config,
    clock,
    client,
    request: client.request,
    requestUnchecked: client.requestUnchecked,
    outbox,
    readOtp: outbox.readOtp,
    signInAs,
    requestAs,
    requestAsUnchecked,
    signUp,
    sendQueuedMessages,
    queue,
    async close() {
      await queue.stop({ timeoutMs: 1000 });
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (ownTemplate && info) await dropTemplate(info);
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;
