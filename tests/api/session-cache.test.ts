import { afterAll, beforeAll, expect, test } from "vitest";
import { DEMO_PASSWORD, createTestApi, type TestApi } from "../support/api-harness.ts";
import { SessionCache, type UserRow } from "#server/auth/session.ts";
import { eq } from "drizzle-orm";
import { createApi } from "#server/api/app.ts";
import { franchisees } from "#server/db/schema/core.ts";
import { createClient } from "../support/api-client.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

test("a change the customer just made shows on the very next request (no stale account row)", async () => {
  const cookie = await t.signInAs("customer");
  const { json: list } = await t.request("GET", "/business/getBusinessesByUser", { cookie });
  const [first, second] = list.businesses as { businessId: number }[];
  for (const target of [second, first, second]) {
    const res = await t.request("POST", "/user/preference", { cookie, body: { activeBusinessId: target.businessId } });
    expect(res.status).toBe(200);
    const { json } = await t.request("GET", "/session", { cookie });
    expect(json.actor.user.preference.activeBusinessId).toBe(target.businessId);
  }
});

test("sign-out ends the session at once, even right after it was used", async () => {
  const browser = t.client.browser();
  await browser.post("/login", { phoneNumber: "9876543210", password: DEMO_PASSWORD });
  const cookie = browser.cookie;
  expect((await t.request("GET", "/user", { cookie })).status).toBe(200);
  expect((await browser.post("/logout")).json).toEqual({ userLoggedOut: true });
  expect((await t.request("GET", "/user", { cookie })).status).toBe(401);
});

test("a new password ends the account's other sessions at once, even one used a moment ago", async () => {
  const phone = "9300009901";
  const { cookie: stolen } = await t.signUp({ phoneNumber: phone }, { password: "Old#Password1" });
  // Used just now, so its actor sits in the short session cache.
  expect((await t.request("GET", "/user", { cookie: stolen })).status).toBe(200);
  const owner = t.client.browser();
  await owner.post("/verifyUser", { phoneNumber: phone, fromForgotPassword: true });
  await owner.post("/verifyOtp", { otp: t.readOtp(phone) });
  expect((await owner.post("/createPassword", { password: "New#Password1", fromForgotPassword: true })).status).toBe(200);
  expect((await t.request("GET", "/user", { cookie: stolen })).status).toBe(401);
  expect((await owner.get("/user")).status).toBe(200);
});

test("staff: a new password ends the account's other sessions at once", async () => {
  const stolen = await t.signInAs("creator", { fresh: true });
  expect((await t.request("GET", "/session", { cookie: stolen })).json.actor.kind).toBe("staff");
  const owner = t.client.browser();
  await owner.post("/franchisee/verifyPhoneNumber", { phoneNumber: "9000000002", fromForgotPassword: true });
  expect((await owner.post("/verifyOtp", { otp: t.readOtp("9000000002") })).status).toBe(200);
  expect((await owner.post("/franchisee/createPassword", { password: DEMO_PASSWORD })).status).toBe(200);
  expect((await t.request("GET", "/session", { cookie: stolen })).json.actor.kind).toBe("anonymous");
});

test("many requests at once with one cookie all see the same signed-in customer", async () => {
  const cookie = await t.signInAs("customer", { fresh: true });
  const all = await Promise.all(Array.from({ length: 20 }, () => t.request("GET", "/session", { cookie })));
  expect(new Set(all.map((r) => `${r.status} ${r.json.actor.kind} ${r.json.actor.user?.phoneNumber}`))).toEqual(
    new Set(["200 customer 9876543210"]),
  );
});

test("staff deleting a customer's active business shows on the customer's very next request", async () => {
  const { cookie } = await t.signUp({ phoneNumber: "9300009902" });
  const add = (businessName: string) => t.request("POST", "/business", { cookie, body: { businessName } });
  const first = (await add("Cached Row One")).json.business.businessId as number;
  const second = (await add("Cached Row Two")).json.business.businessId as number;
  expect((await t.request("POST", "/user/preference", { cookie, body: { activeBusinessId: second } })).status).toBe(200);
  // Read just now, so the session (and its account row) sits in the cache.
  expect((await t.request("GET", "/session", { cookie })).json.actor.user.preference.activeBusinessId).toBe(second);
  expect((await t.requestAs("admin", "DELETE", `/business/${second}`)).status).toBe(200);
  expect((await t.request("GET", "/session", { cookie })).json.actor.user.preference.activeBusinessId).toBe(first);
});

test("the cache keeps the account row with the session until a write empties it", async () => {
  const cache = new SessionCache();
  const now = new Date("2026-01-01T00:00:00Z");
  const user = { id: 7 } as UserRow;
  let loads = 0;
  const load = async () => (loads++, { actor: { kind: "customer" as const, sessionId: "s", userId: 7 }, user });
  expect((await cache.resolve("1:s", now, load)).user).toBe(user);
  expect((await cache.resolve("1:s", new Date(now.getTime() + 1000), load)).user).toBe(user);
  expect(loads).toBe(1);
  cache.clear();
  await cache.resolve("1:s", new Date(now.getTime() + 1000), load);
  expect(loads).toBe(2);
});

test("issue 22 L6: a staff member deactivated through one app instance cannot write through another, even within the cache's 2 s", async () => {
  // A second instance on the same database, with its own session cache (as a second process would have).
  const other = createClient(createApi(t.deps));
  const phoneNumber = "8122000001";
  const made = await t.requestAs("admin", "POST", "/franchisee/signup", { body: { name: "Two Process Admin", phoneNumber, roles: ["admin"] } as never });
  expect(made.status, made.text).toBe(200);
  const b = t.client.browser();
  await b.post("/franchisee/verifyPhoneNumber", { phoneNumber });
  await b.post("/verifyOtp", { otp: t.readOtp(phoneNumber) });
  expect((await b.post("/franchisee/createPassword", { password: DEMO_PASSWORD })).status).toBe(200);
  const cookie = b.cookie;
  // Used on the other instance just now: its session sits in that instance's cache.
  expect((await other.request("GET", "/franchisee", { cookie })).status).toBe(200);

  const off = await t.requestAs("admin", "POST", "/franchisee/edit", {
    body: { franchiseeId: made.json.franchisee.franchiseeId, name: "Two Process Admin", phoneNumber, roles: ["admin"], active: false } as never,
  });
  expect(off.json).toMatchObject({ franchisee: { isActive: false } });

  const write = await other.request("POST", "/franchisee/signup", { cookie, body: { name: "Made After Leaving", phoneNumber: "8122000002", roles: ["franchisee"] } as never });
  expect(write.status).toBe(401);
  expect(await t.db.$count(franchisees, eq(franchisees.phoneNumber, "8122000002"))).toBe(0);
});
