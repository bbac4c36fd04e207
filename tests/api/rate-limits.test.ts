import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { OTP } from "#server/api/lib/pending-signin.ts";
import { ACCOUNT_SLOWDOWN, LOGIN_LIMITS } from "#server/api/lib/sign-in.ts";
import { networkOf } from "#server/web/client-address.ts";
import { DEMO_PASSWORD, SECOND_AGENCY_HOST, createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const phone = (i: number) => `7${String(100000000 + i)}`;
/** Hundreds of Argon2 checks: generous on a shared 2-core machine, but a hang still fails. */
const SLOW = 120_000;
/** Numbers for the accounts these tests sign up. */
const phone6 = (i: number) => `6${String(100000000 + i)}`;

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

test("failed passwords from one address are capped across accounts", async () => {
  const ip = "203.0.113.60";
  for (let start = 0; start < LOGIN_LIMITS.perIp; start += 10) {
    // Spread over accounts (2 each) so the per-account delay never triggers first.
    const batch = await Promise.all(
      Array.from({ length: 10 }, (_, j) => t.request("POST", "/login", { body: { phoneNumber: phone(2000 + ((start + j) % 50)), password: "wrong-password" }, ip })),
    );
    for (const res of batch) expect(res.status).toBe(400);
  }
  const res = await t.request("POST", "/login", { body: { phoneNumber: "9876543210", password: DEMO_PASSWORD }, ip });
  expect(res.status).toBe(429);
  expect(res.json.message).toMatch(/Too many failed sign-in attempts/);
}, SLOW);

test("parallel wrong passwords cannot check more than the free attempts against one account", async () => {
  const attempts = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      t.request("POST", "/login", { body: { phoneNumber: "9876543210", password: `wrong-${i}` }, ip: `203.0.113.${100 + i}` }),
    ),
  );
  expect(attempts.filter((a) => a.status === 400).length).toBeLessThanOrEqual(ACCOUNT_SLOWDOWN.freeAttempts);
  expect(attempts.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(20 - ACCOUNT_SLOWDOWN.freeAttempts);
});

describe("an account is slowed down, never locked", () => {
  afterEach(() => t.clock.reset());
  const login = (phoneNumber: string, password: string) => t.request("POST", "/login", { body: { phoneNumber, password } });

  test("a few tries at once, then delays that double up to 15 minutes; the right password works after any of them", async () => {
    const phone = phone6(1);
    await t.signUp({ phoneNumber: phone }, { password: "Right#Pass1" });
    for (let i = 1; i <= ACCOUNT_SLOWDOWN.freeAttempts; i++) expect((await login(phone, `wrong-${i}`)).status, `try ${i}`).toBe(400);

    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const early = await login(phone, "Right#Pass1"); // even the right password waits its turn
      expect(early.status).toBe(429);
      const wait = Number(early.headers.get("retry-after"));
      expect(early.json.retryAfterSeconds).toBe(wait);
      expect(early.json.message).toMatch(/Please wait \d+ (seconds|minutes) and try again, or sign in with an OTP/);
      waits.push(wait);
      t.clock.advance(wait * 1000 - 1000);
      expect((await login(phone, "wrong")).status, "a second early").toBe(429);
      t.clock.advance(1000);
      expect((await login(phone, `wrong-again-${i}`)).status).toBe(400);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);

    t.clock.advance(900_000);
    expect((await login(phone, "Right#Pass1")).status).toBe(200);
    // A success starts the account afresh.
    expect((await login(phone, "wrong-after")).status).toBe(400);
  });

  test("while it is slowed down, its owner signs in with an OTP and then with the new password", async () => {
    const phone = phone6(2);
    await t.signUp({ phoneNumber: phone }, { password: "Right#Pass1" });
    for (let i = 0; i <= ACCOUNT_SLOWDOWN.freeAttempts; i++) await login(phone, `wrong-${i}`);
    expect((await login(phone, "Right#Pass1")).status).toBe(429);

    const b = t.client.browser();
    expect((await b.post("/verifyUser", { phoneNumber: phone, fromForgotPassword: true })).json).toEqual({ userExist: true, otpSent: true });
    expect((await b.post("/verifyOtp", { otp: t.readOtp(phone) })).status).toBe(200);
    const reset = await b.post("/createPassword", { password: "New#Password1", fromForgotPassword: true });
    expect(reset.json.userLoggedIn).toBe(true);
    expect((await login(phone, "New#Password1")).status).toBe(200);
  });

  test("staff accounts (the admin) follow the same rule", async () => {
    const staff = (password: string) => t.request("POST", "/franchisee/login", { body: { phoneNumber: "9000000001", password } });
    for (let i = 1; i <= ACCOUNT_SLOWDOWN.freeAttempts; i++) expect((await staff(`wrong-${i}`)).status).toBe(400);
    expect((await staff(DEMO_PASSWORD)).status).toBe(429);
    t.clock.advance(2000);
    expect((await staff(DEMO_PASSWORD)).status).toBe(200);
  });
});

test("failed passwords from one network (/24) are capped across its addresses and accounts", async () => {
  const owner = phone6(3);
  await t.signUp({ phoneNumber: owner }, { password: "Right#Pass1" });
  const total = LOGIN_LIMITS.perNetwork;
  for (let start = 0; start < total; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, (_, j) => {
        const i = start + j;
        // 2 per address and 3 per account: only the network's cap can trigger.
        return t.request("POST", "/login", { body: { phoneNumber: phone(3000 + (i % 100)), password: "wrong-password" }, ip: `192.0.2.${1 + (i % 150)}` });
      }),
    );
    for (const res of batch) expect(res.status, res.text).toBe(400);
  }
  const fresh = await t.request("POST", "/login", { body: { phoneNumber: owner, password: "Right#Pass1" }, ip: "192.0.2.200" });
  expect(fresh.status).toBe(429);
  expect(fresh.json.message).toMatch(/Too many failed sign-in attempts from this network/);
  // The next network is not affected.
  expect((await t.request("POST", "/login", { body: { phoneNumber: owner, password: "Right#Pass1" }, ip: "192.0.3.1" })).status).toBe(200);
}, SLOW);

test("networks: /24 for IPv4 (mapped too), /64 for IPv6", () => {
  expect(networkOf("192.0.2.77")).toBe("192.0.2.0/24");
  expect(networkOf("::ffff:192.0.2.77")).toBe("192.0.2.0/24");
  expect(networkOf("2001:db8:1:2:ffff::9")).toBe("2001:db8:1:2::/64");
  expect(networkOf("2001:db8:1:2::1")).toBe(networkOf("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd"));
  expect(networkOf("2001:db8:1:3::1")).not.toBe(networkOf("2001:db8:1:2::1"));
  expect(networkOf("::1")).toBe("0:0:0:0::/64");
});

describe("issue 22: strangers cannot keep a number's owner out (M1) or bomb it across agencies (M2)", () => {
  afterEach(() => t.clock.reset());

  test("M1: a stranger's wrong passwords slow strangers, not the browser that signed in to the account before", async () => {
    const owner = phone6(40);
    const { browser } = await t.signUp({ phoneNumber: owner }, { password: "Right#Pass1" });
    for (let i = 0; i <= ACCOUNT_SLOWDOWN.freeAttempts; i++) {
      await t.request("POST", "/login", { body: { phoneNumber: owner, password: `wrong-${i}` } });
    }
    const stranger = await t.request("POST", "/login", { body: { phoneNumber: owner, password: "Right#Pass1" } });
    expect(stranger.status).toBe(429);
    // The owner's browser (its device cookie) signs in with the right password at once.
    const own = await browser.post("/login", { phoneNumber: owner, password: "Right#Pass1" });
    expect(own.status, own.text).toBe(200);
    // Its own wrong tries slow only itself, and the strangers' delay still runs.
    for (let i = 0; i < ACCOUNT_SLOWDOWN.freeAttempts; i++) expect((await browser.post("/login", { phoneNumber: owner, password: `mine-${i}` })).status).toBe(400);
    expect((await browser.post("/login", { phoneNumber: owner, password: "Right#Pass1" })).status).toBe(429);
    expect((await t.request("POST", "/login", { body: { phoneNumber: owner, password: "Right#Pass1" } })).status).toBe(429);
  });

  test("M1: a device cookie made for one account does nothing for another", async () => {
    const a = phone6(41);
    const b = phone6(42);
    const { browser } = await t.signUp({ phoneNumber: a }, { password: "Right#Pass1" });
    await t.signUp({ phoneNumber: b }, { password: "Right#Pass1" });
    for (let i = 0; i <= ACCOUNT_SLOWDOWN.freeAttempts; i++) await t.request("POST", "/login", { body: { phoneNumber: b, password: `wrong-${i}` } });
    expect((await browser.post("/login", { phoneNumber: b, password: "Right#Pass1" })).status).toBe(429);
    const forged = await t.request("POST", "/login", { body: { phoneNumber: b, password: "Right#Pass1" }, cookie: "cp_device=abc.def" });
    expect(forged.status).toBe(429);
  });

  test("M1: codes sent to strangers' browsers do not block the OTP the owner's browser asks for", async () => {
    const owner = phone6(43);
    const { browser } = await t.signUp({ phoneNumber: owner }, { password: "Right#Pass1" });
    const forgot = { phoneNumber: owner, fromForgotPassword: true };
    // Strangers on several networks use up what strangers may have sent to the number.
    let sent = 0;
    for (let i = 0; i < 10; i++) {
      const res = await t.request("POST", "/verifyUser", { body: forgot, ip: `203.0.${120 + i}.1` });
      if (res.status === 200) sent++;
      else expect(res.json.message).toMatch(/^Too many OTPs were sent to this number\. Please try again in \d+ minutes\.$/);
    }
    expect(sent).toBe(OTP.sendsPerIdentifierPerHour - 1); // the sign-up's code counted too
    const before = t.outbox.count(owner);
    const own = await browser.post("/verifyUser", forgot);
    expect(own.status, own.text).toBe(200);
    expect(t.outbox.count(owner)).toBe(before + 1);
    expect((await browser.post("/verifyOtp", { otp: t.readOtp(owner) })).status).toBe(200);
  });

  test("M1: one stranger network cannot use up a number's whole budget", async () => {
    const owner = phone6(44);
    const forgot = { phoneNumber: owner, fromForgotPassword: true };
    for (let i = 0; i < OTP.sendsPerIdentifierPerNetworkPerHour; i++) {
      expect((await t.request("POST", "/verifyUser", { body: forgot, ip: `203.0.130.${i + 1}` })).status).toBe(200);
    }
    expect((await t.request("POST", "/verifyUser", { body: forgot, ip: "203.0.130.99" })).status).toBe(429);
    // The owner on a new phone, on another network, still gets a code.
    expect((await t.request("POST", "/verifyUser", { body: forgot, ip: "203.0.131.7" })).status).toBe(200);
  });

  test("M2: a number's cap counts across agencies, even for parallel requests", async () => {
    const number = phone(5000);
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.request("POST", "/verifyUser", {
          body: { phoneNumber: number },
          host: i % 2 ? SECOND_AGENCY_HOST : undefined,
          ip: `203.0.${140 + (i % 10)}.${i + 1}`,
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 200).length).toBe(OTP.sendsPerIdentifierPerHour);
    expect(t.outbox.count(number)).toBe(OTP.sendsPerIdentifierPerHour);
  });

  test("M2: one IPv6 /64 is one address for the OTP cap", async () => {
    for (let i = 0; i < OTP.sendsPerIpPerHour; i++) {
      const res = await t.request("POST", "/verifyUser", { body: { phoneNumber: phone(6000 + i) }, ip: `2001:db8:22:1::${(i + 1).toString(16)}` });
      expect(res.status, `send ${i + 1}`).toBe(200);
    }
    const over = await t.request("POST", "/verifyUser", { body: { phoneNumber: phone(6999) }, ip: "2001:db8:22:1:abcd::1" });
    expect(over.status).toBe(429);
    expect(over.json.message).toMatch(/Too many OTP requests from this network/);
    expect((await t.request("POST", "/verifyUser", { body: { phoneNumber: phone(6998) }, ip: "2001:db8:22:2::1" })).status).toBe(200);
  });
});
