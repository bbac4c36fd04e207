/**
 * SPEC §7 Auth and Franchisee flows as a client sees them, plus the OTP and session rules
 * (server/api/lib/pending-signin.ts and sign-in.ts, session.ts), GET /session per role and the log endpoints.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { agencies, analyticsEvents, clientLogs, franchisees, users } from "#server/db/schema/core.ts";
import { createTestApi, DEMO_PASSWORD, PLATFORM_HOST, SECOND_AGENCY_HOST, type TestApi } from "../support/api-harness.ts";
import { MENUS } from "../support/expected-menus.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());
afterEach(() => t.clock.reset());

let seq = 0;
/** A phone number nobody has (seeded numbers start 90/98). */
const newPhone = () => `93${String(++seq).padStart(8, "0")}`;
const newEmail = () => `user${++seq}@example.com`;
const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");
const usersWithPhone = (phone: string) => t.db.$count(users, eq(users.phoneNumber, phone));

describe("customer sign-up by phone", () => {
  test("verifyUser → OTP → verifyOtp → createPassword → signed in → logout", async () => {
    const b = t.client.browser();
    const phone = newPhone();

    const verify = await b.post("/verifyUser", { phoneNumber: phone, fromForgotPassword: false });
    expect(verify.status).toBe(200);
    expect(verify.json).toEqual({ userExist: false, otpSent: true });
    expect(verify.cookies.cp_signin).toBeTruthy();
    expect(t.outbox.to(phone)).toHaveLength(1);
    expect(t.outbox.to(phone)[0].channel).toBe("sms");

    const pending = await b.get("/session");
    expect(pending.json.pending).toMatchObject({ kind: "user", sentTo: `+91 ${phone}`, fromForgotPassword: false, otpVerified: false });
    expect(Object.keys(pending.json.pending).sort()).toEqual(["fromForgotPassword", "kind", "otpVerified", "resendAfterSeconds", "sentTo"]);
    expect(pending.json.pending.resendAfterSeconds).toBeGreaterThanOrEqual(26);
    // The OTP page's countdown: seconds until /resendOtp may send again (ADR 0012).
    t.clock.advance(12_400);
    // (The test's clock is real time plus an offset: a second or two may pass on a busy machine.)
    const left = (await b.get("/session")).json.pending.resendAfterSeconds;
    expect(left).toBeGreaterThanOrEqual(14);
    expect(left).toBeLessThanOrEqual(18);
    expect((await b.post("/resendOtp", {})).status).toBe(429);
    t.clock.advance(18_000);
    expect((await b.get("/session")).json.pending.resendAfterSeconds).toBe(0);
    t.clock.reset();

    const otp = t.readOtp(phone);
    const wrong = await b.post("/verifyOtp", { otp: wrongCode(otp) });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("The OTP is incorrect. 4 tries left.");
    expect(wrong.json.fieldErrors.otp).toEqual(["The OTP is incorrect. 4 tries left."]);

    const ok = await b.post("/verifyOtp", { otp });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ otpVerified: true });

    const short = await b.post("/createPassword", { password: "short", fromForgotPassword: false });
    expect(short.status).toBe(422);
    expect(typeof short.json.message).toBe("string");
    expect(short.json.fieldErrors.password).toContain("Password must be at least 8 characters.");

    const created = await b.post("/createPassword", { password: "Sunrise#2024", fromForgotPassword: false });
    expect(created.status).toBe(200);
    expect(created.json.userLoggedIn).toBe(true);
    expect(created.json.userDetails).toMatchObject({ phoneNumber: phone, email: null, isForeignUser: false });
    expect(created.json.userDetails).not.toHaveProperty("passwordHash");
    expect(created.cookies.cp_session).toBeTruthy();
    expect(created.cookies.cp_signin).toBe(""); // the pending sign-in is cleared
    const sessionCookie = `cp_session=${created.cookies.cp_session}`;

    const me = await b.get("/user");
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ userId: created.json.userDetails.userId, phoneNumber: phone });
    expect((await b.get("/session")).json.pending).toBeNull();

    const out = await b.post("/logout");
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ userLoggedOut: true });
    expect(out.cookies.cp_session).toBe("");
    expect((await t.request("GET", "/user", { cookie: sessionCookie })).status).toBe(401);

    const again = await t.request("POST", "/login", { body: { phoneNumber: phone, password: "Sunrise#2024" } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ userLoggedIn: true });
    expect(await usersWithPhone(phone)).toBe(1);
  });

  test("foreign sign-up by email", async () => {
    const b = t.client.browser();
    const email = "foreign2@example.com";
    const verify = await b.post("/verifyUser", { email, fromForgotPassword: false });
    expect(verify.json).toEqual({ userExist: false, otpSent: true });
    expect(t.outbox.to(email).at(-1)?.channel).toBe("email");
    expect((await b.post("/verifyOtp", { otp: t.readOtp(email) })).json).toEqual({ otpVerified: true });
    const created = await b.post("/createPassword", { password: "Abroad#2024", fromForgotPassword: false });
    expect(created.status).toBe(200);
    expect(created.json.userDetails).toMatchObject({ email, phoneNumber: null, isForeignUser: true });
    const session = await b.get("/session");
    expect(session.json.actor).toMatchObject({ kind: "customer", user: { email, isForeignUser: true } });
    // Email is case-insensitive at login.
    const login = await t.request("POST", "/login", { body: { email: "FOREIGN2@Example.com", password: "Abroad#2024" } });
    expect(login.status).toBe(200);
  });

  test("an existing user is told so and gets no OTP", async () => {
    for (const who of [{ phoneNumber: "9876543210" }, { email: "foreign@example.com" }]) {
      const before = t.outbox.all().length;
      const res = await t.request("POST", "/verifyUser", { body: { ...who, fromForgotPassword: false } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ userExist: true, otpSent: false });
      expect(res.cookies.cp_signin).toBeUndefined();
      expect(t.outbox.all().length).toBe(before);
    }
  });

  test("phone numbers: +91, spaces, 0 and 91 prefixes are normalized; invalid ones are 422", async () => {
    for (const phoneNumber of ["+91 98765 43210", "098765-43210", "919876543210", " 9876543210 "]) {
      const v = await t.request("POST", "/verifyUser", { body: { phoneNumber } });
      expect(v.json, phoneNumber).toEqual({ userExist: true, otpSent: false });
      const login = await t.request("POST", "/login", { body: { phoneNumber, password: DEMO_PASSWORD } });
      expect(login.status, phoneNumber).toBe(200);
    }
    for (const phoneNumber of ["12345", "5876543210", "98765432101", "+1 415 555 0100", "abcdefghij", ""]) {
      for (const path of ["/verifyUser", "/login"] as const) {
        const res = await t.request("POST", path, { body: { phoneNumber, password: "x" } });
        expect(res.status, `${path} ${phoneNumber}`).toBe(422);
        expect(res.json.fieldErrors.phoneNumber, `${path} ${phoneNumber}`).toContain("A valid phone number is required.");
      }
    }
  });

  test("phone and email together, or neither, are refused", async () => {
    const both = await t.request("POST", "/verifyUser", { body: { phoneNumber: newPhone(), email: newEmail() } });
    expect(both.status).toBe(422);
    expect(both.json.fieldErrors.email).toBeDefined();
    const neither = await t.request("POST", "/verifyUser", { body: {} });
    expect(neither.status).toBe(422);
    expect(neither.json.fieldErrors.phoneNumber).toContain("A valid phone number is required.");
  });
});

describe("customer login", () => {
  test("wrong password is 400; after 3 failures the account waits (429 with Retry-After) even for the right password, never locked", async () => {
    const phone = newPhone();
    await t.signUp({ phoneNumber: phone }, { password: "Right#Pass1" });
    for (let i = 1; i <= 3; i++) {
      const res = await t.request("POST", "/login", { body: { phoneNumber: phone, password: `wrong-${i}` } });
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(res.json.message).toBe("Incorrect phone number or password.");
    }
    const slowed = await t.request("POST", "/login", { body: { phoneNumber: phone, password: "Right#Pass1" } });
    expect(slowed.status).toBe(429);
    expect(slowed.json.message).toMatch(/sign in with an OTP/);
    const wait = Number(slowed.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    // The delay passes (seconds, not 15 minutes): the right password works.
    t.clock.advance(wait * 1000);
    expect((await t.request("POST", "/login", { body: { phoneNumber: phone, password: "Right#Pass1" } })).status).toBe(200);
  });

  test("an unknown account gets the same answer as a wrong password", async () => {
    const res = await t.request("POST", "/login", { body: { phoneNumber: newPhone(), password: "whatever1" } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Incorrect phone number or password.");
  });

  test("a new session id at each login; the browser's previous session ends", async () => {
    const b = t.client.browser();
    const first = await b.post("/login", { phoneNumber: "9876543210", password: DEMO_PASSWORD });
    const second = await b.post("/login", { phoneNumber: "9876543210", password: DEMO_PASSWORD });
    expect(first.cookies.cp_session).toBeTruthy();
    expect(second.cookies.cp_session).toBeTruthy();
    expect(second.cookies.cp_session).not.toBe(first.cookies.cp_session);
    expect((await t.request("GET", "/user", { cookie: `cp_session=${first.cookies.cp_session}` })).status).toBe(401);
    expect((await b.get("/user")).status).toBe(200);
    // Another browser's sign-in does not end this one.
    await t.signInAs("customer", { fresh: true });
    expect((await b.get("/user")).status).toBe(200);
  });

  test("session cookies are HttpOnly, SameSite=Lax, Path=/", async () => {
    const res = await t.request("POST", "/login", { body: { phoneNumber: "9876543210", password: DEMO_PASSWORD } });
    const line = res.headers.getSetCookie().find((l) => l.startsWith("cp_session="));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//i);
  });
});

describe("OTP rules", () => {
  async function startSignUp() {
    const b = t.client.browser();
    const phone = newPhone();
    const res = await b.post("/verifyUser", { phoneNumber: phone });
    expect(res.json).toEqual({ userExist: false, otpSent: true });
    return { b, phone, signinCookie: `cp_signin=${res.cookies.cp_signin}` };
  }

  test("5 wrong tries kill the code: even the right code is then refused (429)", async () => {
    const { b, phone } = await startSignUp();
    const otp = t.readOtp(phone);
    for (let left = 4; left >= 1; left--) {
      const res = await b.post("/verifyOtp", { otp: wrongCode(otp) });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(`The OTP is incorrect. ${left} ${left === 1 ? "try" : "tries"} left.`);
    }
    expect((await b.post("/verifyOtp", { otp: wrongCode(otp) })).status).toBe(429);
    const right = await b.post("/verifyOtp", { otp });
    expect(right.status).toBe(429);
    expect(right.json.message).toMatch(/request a new OTP/);
    // A new code (after the cooldown) starts over.
    t.clock.advance(31_000);
    expect((await b.post("/resendOtp")).status).toBe(200);
    expect((await b.post("/verifyOtp", { otp: t.readOtp(phone) })).json).toEqual({ otpVerified: true });
  });

  test("resend within 30 s is 429 'Please wait'; after it, a new code replaces the old one", async () => {
    const { b, phone } = await startSignUp();
    const first = t.readOtp(phone);
    const early = await b.post("/resendOtp");
    expect(early.status).toBe(429);
    expect(early.json.message).toMatch(/^Please wait \d+ seconds/);
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThan(0);

    t.clock.advance(31_000);
    const later = await b.post("/resendOtp");
    expect(later.status).toBe(200);
    expect(later.json).toEqual({ otpSent: true });
    expect(t.outbox.count(phone)).toBe(2);
    const second = t.readOtp(phone);
    if (second !== first) expect((await b.post("/verifyOtp", { otp: first })).status).toBe(400);
    expect((await b.post("/verifyOtp", { otp: second })).status).toBe(200);
  });

  test("a repeated verifyUser within the cooldown reuses the code (double click)", async () => {
    const { b, phone } = await startSignUp();
    const again = await b.post("/verifyUser", { phoneNumber: phone });
    expect(again.json).toEqual({ userExist: false, otpSent: true });
    expect(t.outbox.count(phone)).toBe(1);
  });

  test("a code expires after 10 minutes (400 expired)", async () => {
    const { b, phone } = await startSignUp();
    t.clock.advance(10 * MINUTE + 1000);
    const res = await b.post("/verifyOtp", { otp: t.readOtp(phone) });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/expired/);
  });

  test("the whole pending sign-in expires after 30 minutes (401)", async () => {
    const { b, phone } = await startSignUp();
    t.clock.advance(31 * MINUTE);
    expect((await b.post("/verifyOtp", { otp: t.readOtp(phone) })).status).toBe(401);
    expect((await b.post("/resendOtp")).status).toBe(401);
  });

  test("single use: after createPassword the challenge is consumed", async () => {
    const { b, phone, signinCookie } = await startSignUp();
    const otp = t.readOtp(phone);
    expect((await b.post("/verifyOtp", { otp })).status).toBe(200);
    expect((await b.post("/createPassword", { password: "Single#Use1" })).status).toBe(200);
    const replayOtp = await t.request("POST", "/verifyOtp", { cookie: signinCookie, body: { otp } });
    expect(replayOtp.status).toBe(401);
    const replayPassword = await t.request("POST", "/createPassword", { cookie: signinCookie, body: { password: "Hijack#Pass1" } });
    expect(replayPassword.status).toBe(401);
    expect((await t.request("POST", "/login", { body: { phoneNumber: phone, password: "Single#Use1" } })).status).toBe(200);
  });

  test("createPassword before verifying the OTP is refused", async () => {
    const { b, phone } = await startSignUp();
    const res = await b.post("/createPassword", { password: "TooEarly#1" });
    expect(res.status).toBe(400);
    expect(await usersWithPhone(phone)).toBe(0);
  });

  test("pending routes without a pending sign-in are 401", async () => {
    expect((await t.request("POST", "/verifyOtp", { body: { otp: "123456" } })).status).toBe(401);
    expect((await t.request("POST", "/resendOtp")).status).toBe(401);
    expect((await t.request("POST", "/createPassword", { body: { password: "Whatever#1" } })).status).toBe(401);
    expect((await t.request("POST", "/franchisee/createPassword", { body: { password: "Whatever#1" } })).status).toBe(401);
  });

  test("at most 5 sends per number per hour (429), per number and not per browser; 3 of them from one network", async () => {
    const { b, phone } = await startSignUp(); // send 1
    for (let i = 2; i <= 3; i++) {
      t.clock.advance(31_000);
      expect((await b.post("/resendOtp")).status, `send ${i}`).toBe(200);
    }
    t.clock.advance(31_000);
    const fourth = await b.post("/resendOtp");
    expect(fourth.status).toBe(429); // one network has had its part (ADR 0040)
    expect(fourth.json.message).toMatch(/Too many OTPs were sent to this number/);
    // Another network (a phone moved to Wi-Fi) gets the rest.
    const elsewhere = t.client.browser({ ip: "203.0.113.210" });
    expect((await elsewhere.post("/verifyUser", { phoneNumber: phone })).status).toBe(200);
    t.clock.advance(31_000);
    expect((await elsewhere.post("/resendOtp")).status).toBe(200);
    t.clock.advance(31_000);
    const sixth = await elsewhere.post("/resendOtp");
    expect(sixth.status).toBe(429);
    expect(sixth.json.message).toMatch(/Too many OTPs/);
    const otherBrowser = await t.request("POST", "/verifyUser", { body: { phoneNumber: phone } });
    expect(otherBrowser.status).toBe(429);
    expect(t.outbox.count(phone)).toBe(5);
    t.clock.advance(61 * MINUTE);
    expect((await t.request("POST", "/verifyUser", { body: { phoneNumber: phone } })).status).toBe(200);
  });

  test("the OTP text names the agency; a pending sign-in is bound to its agency", async () => {
    const b = t.client.browser({ host: SECOND_AGENCY_HOST });
    const phone = newPhone();
    expect((await b.post("/verifyUser", { phoneNumber: phone })).status).toBe(200);
    expect(t.outbox.to(phone).at(-1)?.text).toMatch(/^\d{6} is your Sunrise Media sign-in code/);
    // The pending sign-in is bound to its agency.
    expect((await t.request("POST", "/verifyOtp", { cookie: b.cookie, body: { otp: t.readOtp(phone) } })).status).toBe(401);
    expect((await b.post("/verifyOtp", { otp: t.readOtp(phone) })).status).toBe(200);
  });
});

describe("forgot password (customer)", () => {
  test("verifyUser with fromForgotPassword sends an OTP; createPassword changes the password", async () => {
    const phone = newPhone();
    await t.signUp({ phoneNumber: phone }, { password: "Old#Password1" });
    const b = t.client.browser();
    const verify = await b.post("/verifyUser", { phoneNumber: phone, fromForgotPassword: true });
    expect(verify.json).toEqual({ userExist: true, otpSent: true });
    expect((await b.get("/session")).json.pending).toMatchObject({ kind: "user", fromForgotPassword: true });
    expect((await b.post("/verifyOtp", { otp: t.readOtp(phone) })).status).toBe(200);
    const reset = await b.post("/createPassword", { password: "New#Password1", fromForgotPassword: true });
    expect(reset.status).toBe(200);
    expect(reset.json.userLoggedIn).toBe(true);
    expect(reset.json.userDetails.phoneNumber).toBe(phone);
    expect((await b.get("/user")).status).toBe(200);

    expect((await t.request("POST", "/login", { body: { phoneNumber: phone, password: "Old#Password1" } })).status).toBe(400);
    expect((await t.request("POST", "/login", { body: { phoneNumber: phone, password: "New#Password1" } })).status).toBe(200);
    expect(await usersWithPhone(phone)).toBe(1);
  });

  test("double createPassword (two parallel requests, same cookie) never 5xx and leaves one user", async () => {
    const b = t.client.browser();
    const phone = newPhone();
    await b.post("/verifyUser", { phoneNumber: phone });
    expect((await b.post("/verifyOtp", { otp: t.readOtp(phone) })).status).toBe(200);
    const cookie = b.cookie;
    const results = await Promise.all(
      [1, 2].map(() => t.request("POST", "/createPassword", { cookie, body: { password: "Double#Click1" } })),
    );
    for (const r of results) expect(r.status, r.text).toBeLessThan(500);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await usersWithPhone(phone)).toBe(1);
  });
});

describe("sessions", () => {
  test("a cookie of agency A sent to agency B is not a session there (401)", async () => {
    const platformCustomer = await t.signInAs("customer");
    expect((await t.request("GET", "/user", { cookie: platformCustomer, host: SECOND_AGENCY_HOST })).status).toBe(401);
    const there = await t.request("GET", "/session", { cookie: platformCustomer, host: SECOND_AGENCY_HOST });
    expect(there.json.actor).toEqual({ kind: "anonymous" });
    const sunriseCustomer = await t.signInAs("otherAgencyCustomer");
    expect((await t.request("GET", "/user", { cookie: sunriseCustomer, host: SECOND_AGENCY_HOST })).status).toBe(200);
    expect((await t.request("GET", "/user", { cookie: sunriseCustomer, host: PLATFORM_HOST })).status).toBe(401);
    const sunriseAdmin = await t.signInAs("otherAgencyAdmin");
    expect((await t.request("GET", "/franchisee", { cookie: sunriseAdmin, host: PLATFORM_HOST })).status).toBe(401);
  });

  test("idle expiry: 8 days without a request ends the session", async () => {
    const cookie = await t.signInAs("customer", { fresh: true });
    t.clock.advance(6 * DAY);
    expect((await t.request("GET", "/user", { cookie })).status).toBe(200);
    t.clock.advance(8 * DAY);
    expect((await t.request("GET", "/user", { cookie })).status).toBe(401);
    t.clock.reset(); // the session is gone, not just hidden
    expect((await t.request("GET", "/user", { cookie })).status).toBe(401);
  });

  test("absolute expiry: 30 days after sign-in, however active", async () => {
    const cookie = await t.signInAs("admin", { fresh: true });
    for (let day = 6; day <= 24; day += 6) {
      t.clock.set(new Date(Date.now() + day * DAY));
      expect((await t.request("GET", "/franchisee", { cookie })).status, `day ${day}`).toBe(200);
    }
    t.clock.set(new Date(Date.now() + 30 * DAY + MINUTE));
    expect((await t.request("GET", "/franchisee", { cookie })).status).toBe(401);
  });

  test("a garbage or oversized cookie is just anonymous", async () => {
    for (const cookie of ["cp_session=nope", `cp_session=${"a".repeat(5000)}`, "cp_session=", "cp_signin=x; cp_session=%%%"]) {
      const res = await t.request("GET", "/session", { cookie });
      expect(res.status).toBe(200);
      expect(res.json.actor).toEqual({ kind: "anonymous" });
      expect((await t.request("GET", "/user", { cookie })).status).toBe(401);
    }
  });

  test("DELETE /user ends the session and removes the account", async () => {
    const phone = newPhone();
    const { cookie } = await t.signUp({ phoneNumber: phone }, { password: "Delete#Me12" });
    const res = await t.request("DELETE", "/user", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ userDeleted: true });
    expect((await t.request("GET", "/user", { cookie })).status).toBe(401);
    expect(await usersWithPhone(phone)).toBe(0);
    expect((await t.request("POST", "/login", { body: { phoneNumber: phone, password: "Delete#Me12" } })).status).toBe(400);
  });

  test("POST /user/preference switches to an own business; someone else's is 404", async () => {
    const cookie = await t.signInAs("customer");
    const list = await t.request("GET", "/business/getBusinessesByUser", { cookie });
    expect(list.status).toBe(200);
    expect(list.json.total).toBeGreaterThan(1);
    const target = list.json.businesses[1].businessId as number;
    const res = await t.request("POST", "/user/preference", { cookie, body: { activeBusinessId: target } });
    expect(res.status).toBe(200);
    expect(res.json.updatedUser.preference.activeBusinessId).toBe(target);
    const foreign = await t.request("GET", "/business/getBusinessesByUser", { cookie: await t.signInAs("foreignCustomer") });
    const notMine = foreign.json.businesses[0]?.businessId as number;
    expect(notMine).toBeTruthy();
    expect((await t.request("POST", "/user/preference", { cookie, body: { activeBusinessId: notMine } })).status).toBe(404);
  });
});

describe("franchisee (staff) auth", () => {
  async function addStaff(phoneNumber: string, roles: ("admin" | "creator")[], password?: string) {
    const [platform] = await t.db.select().from(agencies).where(eq(agencies.host, PLATFORM_HOST));
    await t.db.insert(franchisees).values({
      agencyId: platform.id,
      name: `Staff ${phoneNumber}`,
      phoneNumber,
      roles,
      passwordHash: password ? await t.deps.passwords.hash(password) : null,
    });
  }

  test("verifyPhoneNumber: existing → franchiseeExist true, no OTP; unknown → false", async () => {
    const existing = await t.request("POST", "/franchisee/verifyPhoneNumber", { body: { phoneNumber: "9000000001", fromForgotPassword: false } });
    expect(existing.status).toBe(200);
    expect(existing.json).toEqual({ franchiseeExist: true, otpSent: false });
    const unknown = await t.request("POST", "/franchisee/verifyPhoneNumber", { body: { phoneNumber: "9000000099", fromForgotPassword: true } });
    expect(unknown.json).toEqual({ franchiseeExist: false, otpSent: false });
    expect(t.outbox.count("9000000099")).toBe(0);
    // Staff of another agency do not exist here.
    const elsewhere = await t.request("POST", "/franchisee/verifyPhoneNumber", { body: { phoneNumber: "9000000011" } });
    expect(elsewhere.json.franchiseeExist).toBe(false);
  });

  test("login → franchiseeLoggedIn; GET /franchisee returns the roles; logout ends it", async () => {
    const b = t.client.browser();
    const wrong = await b.post("/franchisee/login", { phoneNumber: "9000000001", password: "nope-nope" });
    expect(wrong.status).toBe(400);
    const login = await b.post("/franchisee/login", { phoneNumber: "+91 90000 00001", password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.json).toEqual({ franchiseeLoggedIn: true });
    expect(login.cookies.cp_session).toBeTruthy();
    const me = await b.get("/franchisee");
    expect(me.status).toBe(200);
    expect(me.json.franchisee).toMatchObject({ phoneNumber: "9000000001", roles: ["admin"] });
    expect(me.json.franchisee).not.toHaveProperty("passwordHash");
    const cookie = b.cookie;
    const out = await b.post("/franchisee/logout");
    expect(out.json).toEqual({ franchiseeLoggedOut: true });
    expect((await t.request("GET", "/franchisee", { cookie })).status).toBe(401);
  });

  test("forgot password: OTP → /verifyOtp → /franchisee/createPassword → signed in", async () => {
    const phone = "9000000077";
    await addStaff(phone, ["creator"], "Old#Staff123");
    const b = t.client.browser();
    const verify = await b.post("/franchisee/verifyPhoneNumber", { phoneNumber: phone, fromForgotPassword: true });
    expect(verify.json).toEqual({ franchiseeExist: true, otpSent: true });
    expect((await b.get("/session")).json.pending).toMatchObject({ kind: "franchisee" });
    expect((await b.post("/verifyOtp", { otp: t.readOtp(phone) })).json).toEqual({ otpVerified: true });
    // A staff challenge cannot create a customer.
    expect((await b.post("/createPassword", { password: "Customer#123" })).status).toBe(401);
    const short = await b.post("/franchisee/createPassword", { password: "short" });
    expect(short.status).toBe(422);
    expect(short.json.fieldErrors.password).toContain("Password must be at least 8 characters.");
    const created = await b.post("/franchisee/createPassword", { password: "New#Staff123" });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({ franchiseeLoggedIn: true });
    expect((await b.get("/franchisee")).json.franchisee.roles).toEqual(["creator"]);
    expect(await usersWithPhone(phone)).toBe(0);

    const login = (password: string) => t.request("POST", "/franchisee/login", { body: { phoneNumber: phone, password } });
    expect((await login("Old#Staff123")).status).toBe(400);
    expect((await login("New#Staff123")).status).toBe(200);
  });

  test("first sign-in of staff without a password sends an OTP", async () => {
    const phone = "9000000078";
    await addStaff(phone, ["admin"]);
    const res = await t.request("POST", "/franchisee/verifyPhoneNumber", { body: { phoneNumber: phone, fromForgotPassword: false } });
    expect(res.json).toEqual({ franchiseeExist: true, otpSent: true });
    expect(t.outbox.count(phone)).toBe(1);
    expect((await t.request("POST", "/franchisee/login", { body: { phoneNumber: phone, password: "anything1" } })).status).toBe(400);
  });

  test("a customer cookie on GET /franchisee is 403; a staff cookie on GET /user is 403", async () => {
    expect((await t.request("GET", "/franchisee", { cookie: await t.signInAs("customer") })).status).toBe(403);
    expect((await t.request("GET", "/user", { cookie: await t.signInAs("creator") })).status).toBe(403);
    expect((await t.request("GET", "/franchisee")).status).toBe(401);
  });

  test("an inactive staff member cannot sign in and loses the session", async () => {
    const phone = "9000000079";
    await addStaff(phone, ["creator"], "Inactive#123");
    const login = await t.request("POST", "/franchisee/login", { body: { phoneNumber: phone, password: "Inactive#123" } });
    expect(login.status).toBe(200);
    const cookie = `cp_session=${login.cookies.cp_session}`;
    await t.db.update(franchisees).set({ isActive: false }).where(eq(franchisees.phoneNumber, phone));
    expect((await t.request("GET", "/franchisee", { cookie })).status).toBe(401);
    expect((await t.request("POST", "/franchisee/login", { body: { phoneNumber: phone, password: "Inactive#123" } })).status).toBe(400);
  });
});

describe("GET /session for each role", () => {
  const session = async (role: Parameters<TestApi["signInAs"]>[0] | "anonymous", host = PLATFORM_HOST) =>
    (await t.request("GET", "/session", { host, cookie: role === "anonymous" ? undefined : await t.signInAs(role) })).json;
  const labels = (s: any) => (s.actor.menu as { label: string }[]).map((i) => i.label);

  test("anonymous", async () => {
    const s = await session("anonymous");
    expect(s.actor).toEqual({ kind: "anonymous" });
    expect(s.pending).toBeNull();
    expect(s.agency).toMatchObject({ agencyName: "Card Panel", isSuperadmin: true, isMainHost: true });
  });

  test("customers", async () => {
    const c = await session("customer");
    expect(c.actor).toMatchObject({ kind: "customer", user: { phoneNumber: "9876543210", isForeignUser: false } });
    expect(c.actor.menu.myProjects.map((i: any) => i.label)).toContain("Digital business card");
    const f = await session("foreignCustomer");
    expect(f.actor).toMatchObject({ kind: "customer", user: { email: "foreign@example.com", isForeignUser: true } });
    const s = await session("otherAgencyCustomer", SECOND_AGENCY_HOST);
    expect(s.actor).toMatchObject({ kind: "customer", user: { phoneNumber: "9876543211" } });
    expect(s.agency).toMatchObject({ agencyName: "Sunrise Media", isSuperadmin: false, isMainHost: false });
  });

  test("admin on the superadmin platform agency: the full drawer without Billing", async () => {
    const s = await session("admin");
    expect(s.actor.kind).toBe("staff");
    expect(s.actor.franchisee.roles).toEqual(["admin"]);
    expect(labels(s)).toEqual(MENUS.platformAdmin);
    expect(s.actor.menu.find((i: any) => i.label === "Greetings Management").key).toBe("daily-images");
  });

  test("admin of the second agency: Billing, no superadmin-only items", async () => {
    const s = await session("otherAgencyAdmin", SECOND_AGENCY_HOST);
    expect(s.actor.kind).toBe("staff");
    const l = labels(s);
    expect(l).toContain("Billing");
    for (const hidden of ["Agency Management", "Video template Management", "Ui Customisation", "Category Static Page Management", "Link Store", "Digital Invitation card"]) {
      expect(l).not.toContain(hidden);
    }
    expect(l).toEqual(MENUS.sunriseAdmin);
    expect(s.actor.menu.find((i: any) => i.label === "Greetings Management").key).toBe("image-posts");
  });

  test("creator and franchisee: Home, All Businesses, All Projects, Digital Invitation card", async () => {
    expect(labels(await session("creator"))).toEqual(MENUS.platformCreator);
    expect(labels(await session("franchisee"))).toEqual(MENUS.platformFranchisee);
  });

  test("franchisee-with-all-card-access: + Greetings, Video templates, Link Store", async () => {
    expect(labels(await session("franchiseeAllCards"))).toEqual(MENUS.platformAllCardFranchisee);
  });

  test("the second agency's admin on the platform host is anonymous", async () => {
    expect((await session("otherAgencyAdmin")).actor).toEqual({ kind: "anonymous" });
  });

  test("menus name pages by key: the API never hands out a panel URL", async () => {
    const customer = await session("customer");
    expect(customer.actor.menu.home.map((i: any) => i.key)).toEqual(["digital_card", "greetings", "pdf-card-templates", "video-templates", "invitation"]);
    for (const role of ["customer", "admin", "creator", "franchiseeAllCards"] as const) {
      expect(JSON.stringify((await session(role)).actor.menu)).not.toContain("/panel");
    }
  });
});

describe("client logs and analytics", () => {
  const logCount = () => t.db.$count(clientLogs);
  const eventCount = () => t.db.$count(analyticsEvents);
  const validLog = { level: "error", message: "TypeError: x is undefined", additionalInfo: { url: "/panel/customer" }, source: "frontend" } as const;

  test("POST /log stores a row", async () => {
    const before = await logCount();
    const res = await t.request("POST", "/log", { body: validLog, headers: { "user-agent": "vitest" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ logged: true });
    expect(await logCount()).toBe(before + 1);
    const [row] = await t.db.select().from(clientLogs).where(eq(clientLogs.message, validLog.message));
    expect(row).toMatchObject({ level: "error", source: "frontend", userAgent: "vitest", additionalInfo: validLog.additionalInfo });
  });

  test("POST /log rejects invalid and oversize input without storing it", async () => {
    const before = await logCount();
    const bad: [unknown, number][] = [
      [{ ...validLog, message: "m".repeat(2001) }, 422],
      [{ ...validLog, message: "" }, 422],
      [{ ...validLog, additionalInfo: { blob: "b".repeat(9000) } }, 422],
      [{ ...validLog, level: "fatal" }, 422],
      [{ ...validLog, source: "backend" }, 422],
      [{ level: "info" }, 422],
      [{ ...validLog, additionalInfo: "z".repeat(300_000) }, 413],
    ];
    for (const [body, status] of bad) {
      const res = await t.requestUnchecked("POST", "/log", { body });
      expect(res.status).toBe(status);
      expect(typeof res.json.message).toBe("string");
    }
    expect((await t.request("POST", "/log", { rawBody: "{not json" })).status).toBe(400);
    expect(await logCount()).toBe(before);
  });

  test("POST /analytics/log stores events with the signed-in actor", async () => {
    const before = await eventCount();
    const events = [
      { logEventName: "START_SESSION", sessionId: "s-1", pageUrl: "/panel/customer", context: { a: 1 } },
      { logEventName: "SIGN_UP", metaData: { method: "phone" } },
    ];
    const anon = await t.request("POST", "/analytics/log", { body: { logEvents: events } });
    expect(anon.status).toBe(200);
    expect(anon.json).toEqual({ logged: 2 });
    expect(await eventCount()).toBe(before + 2);

    const cookie = await t.signInAs("customer");
    const [customer] = await t.db.select().from(users).where(and(eq(users.phoneNumber, "9876543210")));
    expect((await t.request("POST", "/analytics/log", { cookie, body: { logEvents: [{ logEventName: "CUSTOMER_EVENT" }] } })).status).toBe(200);
    const [row] = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.logEventName, "CUSTOMER_EVENT"));
    expect(row).toMatchObject({ userId: customer.id, franchiseeId: null });

    const staffCookie = await t.signInAs("admin");
    expect((await t.request("POST", "/analytics/log", { cookie: staffCookie, body: { logEvents: [{ logEventName: "STAFF_EVENT" }] } })).status).toBe(200);
    const [staffRow] = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.logEventName, "STAFF_EVENT"));
    expect(staffRow.userId).toBeNull();
    expect(staffRow.franchiseeId).toEqual(expect.any(Number));
  });

  test("POST /analytics/log rejects invalid and oversize input without storing it", async () => {
    const before = await eventCount();
    const one = { logEventName: "X" };
    const bad: [unknown, number][] = [
      [{ logEvents: [] }, 422],
      [{ logEvents: Array.from({ length: 51 }, () => one) }, 422],
      [{ logEvents: [{ logEventName: "n".repeat(101) }] }, 422],
      [{ logEvents: [{ logEventName: "" }] }, 422],
      [{ logEvents: [{ ...one, context: { big: "c".repeat(5000) } }] }, 422],
      [{ logEvents: [{ ...one, pageUrl: "p".repeat(2001) }] }, 422],
      [{ logEvents: "START_SESSION" }, 422],
      [{}, 422],
      [{ logEvents: Array.from({ length: 50 }, () => ({ ...one, metaData: "m".repeat(3900), context: "c".repeat(3900) })) }, 413],
    ];
    for (const [body, status] of bad) {
      const res = await t.requestUnchecked("POST", "/analytics/log", { body });
      expect(res.status).toBe(status);
      expect(typeof res.json.message).toBe("string");
    }
    expect(await eventCount()).toBe(before);
  });
});
