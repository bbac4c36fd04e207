import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

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
  await browser.post("/login", { phoneNumber: "9876543210", password: "Password@123" });
  const cookie = browser.cookie;
  expect((await t.request("GET", "/user", { cookie })).status).toBe(200);
  expect((await browser.post("/logout")).json).toEqual({ userLoggedOut: true });
  expect((await t.request("GET", "/user", { cookie })).status).toBe(401);
});
