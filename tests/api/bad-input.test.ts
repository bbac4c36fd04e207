/**
 * Malformed input never crashes a route: for every route that declares body/query/params,
 * requests derived from its schemas (tests/support/bad-input.ts) get a 4xx with a `message`
 * when the schema rejects them, and never a 5xx when it accepts them. Generated from apiRoutes.
 *
 * One test per route, every case a soft expectation named after it. A case the schema refuses
 * stops in the shared validation layer before any handler or query, so it says the same on every
 * database: those run on PGlite only. The cases the schema accepts reach the route's own handler
 * and its queries: those run on every database (ADR 0005).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { decideAccess, access, type Actor } from "#server/auth/roles.ts";
import { defineRoute, q, type AnyRoute } from "#server/api/lib/define-route.ts";
import { businesses } from "#server/db/schema/business.ts";
import { createApi } from "#server/api/app.ts";
import { createClient } from "../support/api-client.ts";
import { createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";
import { badInputCases, sampleFor, type BadCase } from "../support/bad-input.ts";
import { allRoutes, routeLabel } from "../support/routes.ts";

const REJECTED_STATUSES = [400, 401, 409, 413, 415, 422, 429];

/** Callers in order of preference; the first one the route allows sends the bad input. */
const CALLERS: { role: RoleName | "anonymous"; actor: Actor }[] = [
  { role: "anonymous", actor: { kind: "anonymous" } },
  { role: "customer", actor: { kind: "customer", sessionId: "", userId: 0 } },
  ...(["admin", "franchiseeAllCards", "creator", "franchisee"] as const).map((role) => ({
    role,
    actor: {
      kind: "staff" as const,
      sessionId: "",
      franchiseeId: 0,
      roles: [({ admin: "admin", franchiseeAllCards: "franchisee-with-all-card-access", creator: "creator", franchisee: "franchisee" } as const)[role]],
      permissions: [],
      hideBilling: false,
    },
  })),
];
const callerFor = (route: AnyRoute) => CALLERS.find((c) => decideAccess(route.access, c.actor, true) === "ok");

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

async function send(api: { requestUnchecked: TestApi["requestUnchecked"] }, route: AnyRoute, c: BadCase, cookie?: string) {
  return api.requestUnchecked(route.method, c.path, { cookie, query: c.query, body: c.body, rawBody: c.rawBody, headers: c.headers });
}

/** Soft: one route's test reports every case that failed, each by name. */
function check(c: BadCase, res: { status: number; json: any; text: string }) {
  const detail = `${c.name}: ${res.status} ${res.text.slice(0, 300)}`;
  if (c.schemaAccepts) {
    expect.soft(res.status, detail).toBeLessThan(500);
  } else {
    expect.soft(REJECTED_STATUSES, detail).toContain(res.status);
  }
  if (res.status >= 400) expect.soft(typeof res.json?.message, detail).toBe("string");
}

/** PGlite is the first database; with DATABASE_URL set this run is the second (PostgreSQL). */
const ON_SECOND_DATABASE = !!process.env.DATABASE_URL;

const routesWithInput = allRoutes.filter((r) => r.body || r.query || r.params || /\{\w+\}/.test(r.path));

describe.each(routesWithInput.map((route) => ({ name: routeLabel(route), route })))("$name", ({ route }) => {
  const caller = callerFor(route);
  const cases = caller ? badInputCases(route) : [];
  if (!caller || !cases.length) {
    test.skip(`no caller may reach ${routeLabel(route)} or it takes no input`, () => {});
    return;
  }
  // Cases stay correct without a valid base (each knows whether its schema accepts it), but
  // with one every field is tested on its own: add a sample for the field to KNOWN (bad-input.ts).
  const baseOk =
    (!route.body || route.bodyType === "multipart" || route.body.safeParse(sampleFor(route.body)).success) &&
    (!route.query || route.query.safeParse(sampleFor(route.query, true)).success);
  if (!baseOk) test.todo("generate a valid base request (add field samples to KNOWN in tests/support/bad-input.ts)");
  const run = ON_SECOND_DATABASE ? cases.filter((c) => c.schemaAccepts) : cases;
  if (!run.length) {
    test.skip(`every case is refused by the schema: checked on PGlite`, () => {});
    return;
  }
  test(`as ${caller.role}: ${run.length} malformed requests`, async () => {
    const cookie = caller.role === "anonymous" ? undefined : await t.signInAs(caller.role);
    for (const c of run) check(c, await send(t, route, c, cookie));
  });
});

/**
 * The generator itself, on a probe route with path params and a query (the registry may have
 * none yet): what the cases above will do for such routes once they exist.
 */
describe("generator self-check on a probe route with params and query", () => {
  const probe = defineRoute({
    method: "get",
    path: "/__probe/{id}",
    tag: "Probe",
    summary: "Test-only route: looks a business up by id.",
    access: access.public,
    params: z.object({ id: q.int("id") }),
    query: z.object({ page: q.page(), pageSize: q.pageSize(), archived: q.bool().optional() }),
    response: z.object({ found: z.boolean() }),
    async handler({ deps, params }) {
      const [row] = await deps.db
        .select({ id: businesses.businessId })
        .from(businesses)
        .where(eq(businesses.businessId, params.id))
        .limit(1);
      return { found: !!row };
    },
  }) as unknown as AnyRoute;
  const cases = badInputCases(probe);

  test("covers params and query", () => {
    expect(cases.some((c) => c.name.startsWith("param id"))).toBe(true);
    expect(cases.some((c) => c.name.startsWith("query page"))).toBe(true);
  });

  let probeApi: ReturnType<typeof createClient>;
  beforeAll(() => {
    probeApi = createClient(createApi(t.deps, [...allRoutes, probe]));
  });

  test(`${cases.length} malformed requests`, async () => {
    for (const c of cases) check(c, await send(probeApi, probe, c));
  });
});
