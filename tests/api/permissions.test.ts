/**
 * Every route × every role, generated from apiRoutes: the API must answer exactly what the
 * route's `access` declaration (decideAccess) says. A route added later is covered automatically.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { decideAccess, type Actor } from "#server/auth/roles.ts";
import { agencies, franchisees } from "#server/db/schema/core.ts";
import type { AnyRoute } from "#server/api/lib/define-route.ts";
import { createTestApi, ROLES, SECOND_AGENCY_HOST, PLATFORM_HOST, type RoleName, type TestApi } from "../support/api-harness.ts";
import { allRoutes, fillPath, isUnsafe, routeLabel, SESSION_ENDING } from "../support/routes.ts";

/** Who calls, with which cookie, on which host; `actsAs` is who the server should see. */
type Caller = { label: string; role: RoleName | "anonymous"; host: string };
const CALLERS: Caller[] = [
  { label: "anonymous", role: "anonymous", host: PLATFORM_HOST },
  { label: "customer", role: "customer", host: PLATFORM_HOST },
  { label: "foreignCustomer", role: "foreignCustomer", host: PLATFORM_HOST },
  { label: "admin", role: "admin", host: PLATFORM_HOST },
  { label: "creator", role: "creator", host: PLATFORM_HOST },
  { label: "franchisee", role: "franchisee", host: PLATFORM_HOST },
  { label: "franchiseeAllCards", role: "franchiseeAllCards", host: PLATFORM_HOST },
  // A session belongs to its agency: on the platform host this cookie means nobody.
  { label: "otherAgencyAdmin", role: "otherAgencyAdmin", host: PLATFORM_HOST },
  // On their own (non-superadmin) agency: covers `superadmin` rules.
  { label: `otherAgencyAdmin@${SECOND_AGENCY_HOST}`, role: "otherAgencyAdmin", host: SECOND_AGENCY_HOST },
  { label: `otherAgencyCustomer@${SECOND_AGENCY_HOST}`, role: "otherAgencyCustomer", host: SECOND_AGENCY_HOST },
];

let t: TestApi;
const superadminHost = new Map<string, boolean>();
const staffRoles = new Map<string, string[]>();

beforeAll(async () => {
  t = await createTestApi();
  for (const a of await t.db.select().from(agencies)) superadminHost.set(a.host, a.roles.includes("superadmin"));
  for (const f of await t.db.select().from(franchisees)) staffRoles.set(`${f.agencyId}:${f.phoneNumber}`, f.roles);
  // Warm the cookie cache once (sign-ins are argon2-slow).
  for (const role of Object.keys(ROLES) as RoleName[]) await t.signInAs(role);
});
afterAll(() => t?.close());

/** The actor the server should build for this caller, derived from the seed, not from server code. */
async function expectedActor(c: Caller): Promise<Actor> {
  if (c.role === "anonymous") return { kind: "anonymous" };
  const def = ROLES[c.role];
  if (def.host !== c.host) return { kind: "anonymous" };
  if (def.kind === "customer") return { kind: "customer", sessionId: "", userId: 0 };
  const [agency] = await t.db.select().from(agencies).where(eq(agencies.host, def.host));
  const roles = staffRoles.get(`${agency.id}:${"phoneNumber" in def.login ? def.login.phoneNumber : ""}`);
  if (!roles) throw new Error(`No seeded staff for ${c.role}`);
  return { kind: "staff", sessionId: "", franchiseeId: 0, roles: roles as never, permissions: [], hideBilling: false };
}

let throwaway = 0;
/** A cookie for this caller; routes that end the session or delete the account get a throwaway one. */
async function cookieFor(c: Caller, route: AnyRoute): Promise<string | undefined> {
  if (c.role === "anonymous") return undefined;
  if (!SESSION_ENDING.has(routeLabel(route))) return t.signInAs(c.role);
  const def = ROLES[c.role];
  if (def.kind === "staff") return t.signInAs(c.role, { fresh: true });
  const n = String(++throwaway).padStart(4, "0");
  const who = "email" in def.login ? { email: `throwaway${n}@example.com` } : { phoneNumber: `970000${n}` };
  return (await t.signUp(who, { host: def.host })).cookie;
}

function minimalRequest(route: AnyRoute) {
  if (!route.body) return {};
  if (route.bodyType === "multipart") return { rawBody: new FormData() };
  return { body: {} };
}

const cases = allRoutes.flatMap((route) =>
  CALLERS.map((caller) => ({ name: `${routeLabel(route)} as ${caller.label}`, route, caller })),
);

describe("access rules of every route", () => {
  test.each(cases)("$name", async ({ route, caller }) => {
    const actor = await expectedActor(caller);
    const decision = decideAccess(route.access, actor, superadminHost.get(caller.host) ?? false);
    const res = await t.requestUnchecked(route.method, fillPath(route.path), {
      host: caller.host,
      cookie: await cookieFor(caller, route),
      ...minimalRequest(route),
    });
    const detail = `${res.status} ${res.text.slice(0, 300)}`;
    if (decision === "ok") {
      // A pending sign-in route without the browser's pending cookie: the handler's own 401.
      const pendingWithoutCookie = route.access.pending && res.status === 401;
      if (!pendingWithoutCookie) expect([401, 403], detail).not.toContain(res.status);
      expect(res.status, detail).toBeLessThan(500);
    } else {
      expect(res.status, detail).toBe(decision);
      expect(typeof res.json?.message, detail).toBe("string");
    }
  });
});

describe("unknown paths", () => {
  test.each([
    ["GET", "/api/v1/does-not-exist"],
    ["POST", "/api/v1/nope"],
    ["GET", "/api/v1/user/1/nothing-here"],
    ["DELETE", "/api/v1/franchisee"],
  ])("%s %s is 404 JSON with and without a session", async (method, path) => {
    for (const cookie of [undefined, await t.signInAs("customer"), await t.signInAs("admin")]) {
      const res = await t.requestUnchecked(method, path, { cookie, body: method === "GET" ? undefined : {} });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(typeof res.json?.message).toBe("string");
    }
  });

  test("an unknown host is 404 JSON", async () => {
    const res = await t.request("GET", "/session", { host: "unknown.example" });
    expect(res.status).toBe(404);
    expect(typeof res.json?.message).toBe("string");
  });
});

describe("cross-site requests", () => {
  const unsafe = allRoutes.filter(isUnsafe).map((route) => ({ name: routeLabel(route), route }));
  test.each(unsafe)("$name from https://evil.example is 403", async ({ route }) => {
    for (const cookie of [undefined, await t.signInAs("admin"), await t.signInAs("customer")]) {
      const res = await t.requestUnchecked(route.method, fillPath(route.path), {
        cookie,
        headers: { origin: "https://evil.example" },
        ...minimalRequest(route),
      });
      expect(res.status).toBe(403);
      expect(typeof res.json?.message).toBe("string");
    }
  });

  test("a same-origin Origin header is accepted", async () => {
    const res = await t.request("POST", "/log", {
      headers: { origin: "http://localhost" },
      body: { level: "info", message: "same origin", source: "frontend" },
    });
    expect(res.status).toBe(200);
  });

  test("a malformed Origin header on an unsafe method is refused", async () => {
    const res = await t.request("POST", "/log", {
      headers: { origin: "not a url" },
      body: { level: "info", message: "x", source: "frontend" },
    });
    expect(res.status).toBe(403);
  });

  test("GET from another origin is not refused (safe method)", async () => {
    const res = await t.request("GET", "/agency-details", { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });
});

describe("OpenAPI document", () => {
  test("lists every declared route (path + method) and nothing else", async () => {
    const res = await t.requestUnchecked("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.json.paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    expect(documented).toEqual(allRoutes.map(routeLabel).sort());
  });
});
