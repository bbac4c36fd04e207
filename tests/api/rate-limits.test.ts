import { afterAll, beforeAll, expect, test } from "vitest";
import { OTP } from "#server/api/auth/pending-signin.ts";
import { LOGIN_LIMITS } from "#server/api/auth/sign-in.ts";
import { createTestApi, DEMO_PASSWORD, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const phone = (i: number) => `7${String(100000000 + i)}`;

test("one network can ask for at most 60 OTPs an hour, whatever the numbers (SMS pumping)", async () => {
  const ip = "203.0.113.50";
  for (let i = 0; i < OTP.sendsPerIpPerHour; i++) {
    const res = await t.request("POST", "/verifyUser", { body: { phoneNumber: phone(i) }, ip });
    expect(res.status, `send ${i + 1}`).toBe(200);
  }
  const over = await t.request("POST", "/verifyUser", { body: { phoneNumber: phone(999) }, ip });
  expect(over.status).toBe(429);
  expect(over.json.message).toMatch(/Too many OTP requests from this network/);
  expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
  // Another network is not affected.
  expect((await t.request("POST", "/verifyUser", { body: { phoneNumber: phone(998) }, ip: "203.0.113.51" })).status).toBe(200);
});

test("failed passwords from one network are capped across accounts", async () => {
  const ip = "203.0.113.60";
  for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
    // Spread over accounts so the per-account limit never triggers first.
    const res = await t.request("POST", "/login", { body: { phoneNumber: phone(2000 + (i % 50)), password: "wrong-password" }, ip });
    expect(res.status).toBe(400);
  }
  const res = await t.request("POST", "/login", { body: { phoneNumber: "9876543210", password: DEMO_PASSWORD }, ip });
  expect(res.status).toBe(429);
  expect(res.json.message).toMatch(/Too many failed sign-in attempts/);
});

test("parallel wrong passwords cannot check more than 5 against one account", async () => {
  const attempts = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      t.request("POST", "/login", { body: { phoneNumber: "9876543210", password: `wrong-${i}` }, ip: `203.0.113.${100 + i}` }),
    ),
  );
  expect(attempts.filter((a) => a.status === 400).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
  expect(attempts.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(20 - LOGIN_LIMITS.perAccount);
});
