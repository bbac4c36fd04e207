import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sessions } from "#server/db/schema/core.ts";
import { createTestApi, DEMO_PASSWORD, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

async function login(url: string, headers: Record<string, string> = {}) {
  const res = await t.api.request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-panel-client-ip": "203.0.113.7", ...headers },
    body: JSON.stringify({ phoneNumber: "9876543210", password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().find((c) => /cp_session=/.test(c))!;
}

describe("session cookie", () => {
  test("over https it is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/ and has no Domain", async () => {
    const cookie = await login("https://localhost/api/v1/login");
    expect(cookie).toMatch(/^__Host-cp_session=[\w-]{43};/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  test("on plain http (localhost) it keeps working without Secure", async () => {
    const cookie = await login("http://localhost/api/v1/login");
    expect(cookie).toMatch(/^cp_session=[\w-]{43};/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  test("the database keeps only a hash of the 256-bit token", async () => {
    const cookie = await login("http://localhost/api/v1/login");
    const token = /cp_session=([^;]+)/.exec(cookie)![1];
    const rows = await t.db.select({ id: sessions.id }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).not.toContain(token);
  });
});
