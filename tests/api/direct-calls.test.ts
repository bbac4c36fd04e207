/**
 * Loaders' read calls run the route's declaration as a function (server/api/lib/direct.ts): the
 * same answer as over HTTP (only with real Dates), the same access checks and the same errors.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { provideApiFetch } from "#server/api-bridge.ts";
import { createApiClient } from "~/lib/api.server";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

async function direct(role: RoleName | null, key: string, input: { query?: Record<string, unknown>; params?: Record<string, unknown> } = {}) {
  const host = role ? ROLES[role].host : ROLES.customer.host;
  const headers = new Headers({ "x-panel-host": host, "x-panel-secure": "0", "x-panel-client-ip": "203.0.113.9" });
  if (role) headers.set("cookie", await t.signInAs(role));
  const answer = await t.api.direct({ key, headers, ...input });
  if (!answer) throw new Error(`${key} is not a direct read`);
  return answer;
}

test("GET /session and GET /dashboard: the HTTP answer, with Dates as Dates", async () => {
  for (const path of ["/session", "/dashboard", "/business/getBusinessesByUser"] as const) {
    const viaHttp = await t.requestAs("customer", "GET", path);
    const viaCall = await direct("customer", `GET ${path}`);
    expect(viaCall.ok).toBe(true);
    expect(JSON.parse(JSON.stringify(viaCall.data))).toEqual(viaHttp.json);
  }
  const session = (await direct("customer", "GET /session")).data as { actor: { user: { createdAt: unknown } } };
  expect(session.actor.user.createdAt).toBeInstanceOf(Date);
});

test("query and path values are checked by the route's schemas, as over HTTP", async () => {
  const { json } = await t.requestAs("customer", "GET", "/business/getBusinessesByUser");
  const own = (json.businesses as { businessId: number }[])[0].businessId;
  const cards = await direct("customer", "GET /getCardsByBusiness", { query: { businessId: own } });
  expect(cards.ok).toBe(true);
  const bad = await direct("customer", "GET /getCardsByBusiness", { query: { businessId: "six" } });
  const badHttp = await t.requestAs("customer", "GET", "/getCardsByBusiness?businessId=six");
  expect([bad.status, bad.data]).toEqual([badHttp.status, badHttp.json]);
  expect(bad.status).toBe(422);
});

test("access is the route's: anonymous 401, staff-only 403, another agency's business 404", async () => {
  expect((await direct(null, "GET /dashboard")).status).toBe(401);
  expect((await direct("customer", "GET /franchisee")).status).toBe((await t.requestAs("customer", "GET", "/franchisee")).status);
  const { json } = await t.requestAs("otherAgencyCustomer", "GET", "/business/getBusinessesByUser");
  const foreign = (json.businesses as { businessId: number }[])[0].businessId;
  const res = await direct("customer", "GET /getCardsByBusiness", { query: { businessId: foreign } });
  expect(res.status).toBe((await t.requestAs("customer", "GET", `/getCardsByBusiness?businessId=${foreign}`)).status);
  expect(res.ok).toBe(false);
});

test("writes, files and unknown keys are not direct reads (they go over the in-process HTTP)", async () => {
  const headers = new Headers({ "x-panel-host": ROLES.customer.host });
  expect(await t.api.direct({ key: "POST /business", headers })).toBeUndefined();
  expect(await t.api.direct({ key: "GET /public-card/{cardId}/vcard", headers, params: { cardId: "sharma-sweets" } })).toBeUndefined();
});

test("the panel's client reads in-process through direct calls: Dates, errors and cookies as before", async () => {
  provideApiFetch((req) => Promise.resolve(t.api.fetch(req)), t.api.direct);
  const cookie = await t.signInAs("customer");
  const panel = createApiClient(new Request("http://localhost/panel/customer", { headers: { cookie } }));
  const session = await panel.get("GET /session");
  expect(session.actor.kind).toBe("customer");
  if (session.actor.kind === "customer") expect(session.actor.user.createdAt).toBeInstanceOf(Date);
  const anonymous = createApiClient(new Request("http://localhost/panel/customer"));
  // SPEC §8: a 401 signs out (call throws it to the boundary), unless the caller asks for it back.
  await expect(anonymous.call("GET /dashboard")).rejects.toMatchObject({ init: { status: 401 } });
  expect(await anonymous.call("GET /dashboard", { query: {} }, { authErrors: "return" })).toMatchObject({ ok: false, status: 401 });
  // A write still goes over the in-process HTTP; the next direct read sees it.
  const { businesses } = await panel.get("GET /business/getBusinessesByUser");
  const target = businesses.at(-1)!.businessId;
  expect((await panel.call("POST /user/preference", { body: { activeBusinessId: target } })).ok).toBe(true);
  expect((await panel.get("GET /business/getBusinessesByUser")).activeBusinessId).toBe(target);
});
