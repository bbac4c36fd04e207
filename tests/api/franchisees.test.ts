/**
 * The Franchisee List (SPEC §7 Franchisee; ADR 0019): GET /franchisee/list, POST /franchisee/signup
 * and /franchisee/edit. Admins only; an agency's admin never sees or edits another agency's
 * staff (404); a new staff member sets a password through the staff OTP path; deactivating
 * ends their sessions at once; nobody removes their own admin role.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { franchisees, sessions } from "#server/db/schema/core.ts";
import { createTestApi, DEMO_PASSWORD, SECOND_AGENCY_HOST, type RoleName, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApi();
  for (const f of await t.db.select().from(franchisees)) ids[f.phoneNumber] = f.id;
});
afterAll(() => t?.close());

type Item = { franchiseeId: number; name: string; phoneNumber: string; roles: string[]; isActive: boolean; hasPassword: boolean };
const list = (role: RoleName, query: Record<string, string | number | boolean> = {}) => t.requestAs(role, "GET", "/franchisee/list", { query });
const names = (res: { json: { list: Item[] } }) => res.json.list.map((f) => f.name);

let phoneSeq = 0;
/** A fresh staff number nobody uses (6–9 then 9 digits). */
const newPhone = () => `81${String(Date.now() % 1e6).padStart(6, "0")}${String(++phoneSeq).padStart(2, "0")}`;

async function signUp(body: Record<string, unknown>, role: RoleName = "admin") {
  return t.requestAs(role, "POST", "/franchisee/signup", { body: body as never });
}

describe("GET /franchisee/list", () => {
  test("an admin sees their agency's staff by name, with roles and status, never another agency's", async () => {
    const res = await list("admin");
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["Arjun Singh", "Kavya Nair", "Neha Joshi", "Rohit Mehra"]);
    expect(res.json.total).toBe(4);
    expect(res.json.list.find((f: Item) => f.name === "Neha Joshi")).toMatchObject({
      phoneNumber: "9000000004",
      roles: ["franchisee-with-all-card-access"],
      isActive: true,
      hasPassword: true,
      configuration: { hideBilling: false },
    });
    const sunrise = await list("otherAgencyAdmin");
    expect(names(sunrise)).toEqual(["Vikram Rao"]);
  });

  test("filters by role and status, searches name, phone and email, pages", async () => {
    expect(names(await list("admin", { role: "creator" }))).toEqual(["Kavya Nair"]);
    expect(names(await list("admin", { search: "rohit" }))).toEqual(["Rohit Mehra"]);
    expect(names(await list("admin", { search: "rohit.mehra@cardpanel" }))).toEqual(["Rohit Mehra"]);
    expect(names(await list("admin", { search: "+91 90000 00003" }))).toEqual(["Arjun Singh"]);
    expect(names(await list("admin", { search: "100%" }))).toEqual([]);
    expect(names(await list("admin", { status: "inactive" }))).toEqual([]);
    const p2 = await list("admin", { pageSize: 3, page: 2 });
    expect(p2.json).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(names(p2)).toEqual(["Rohit Mehra"]);
    expect((await list("admin", { pageSize: 3, page: 9 })).json).toMatchObject({ total: 4, list: [] });
  });

  test("?all=true is every match unpaged (pickers)", async () => {
    const all = await list("admin", { all: "true", pageSize: 1 });
    expect(all.status).toBe(200);
    expect(all.json.list).toHaveLength(all.json.total);
    expect(all.json.total).toBeGreaterThanOrEqual(4);
  });

  test("staff without the admin role and customers are refused; bad filters are 422", async () => {
    for (const role of ["creator", "franchisee", "franchiseeAllCards", "customer"] as const) {
      expect((await list(role)).status, role).toBe(403);
    }
    expect((await t.request("GET", "/franchisee/list")).status).toBe(401);
    expect((await list("admin", { role: "owner" })).status).toBe(422);
    expect((await list("admin", { status: "maybe" })).status).toBe(422);
  });
});

describe("POST /franchisee/signup", () => {
  test("adds a staff member without a password and tells them by SMS; a double submit adds one", async () => {
    const phoneNumber = newPhone();
    const body = { name: "Meera Das", phoneNumber: `+91 ${phoneNumber}`, email: "Meera@Example.com", roles: ["franchisee"], permissions: ["reports", "Billing.view"], configuration: { hideBilling: true } };
    const [first, second] = await Promise.all([signUp(body), signUp(body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.json.created, second.json.created].sort()).toEqual([false, true]);
    expect(first.json.franchisee.franchiseeId).toBe(second.json.franchisee.franchiseeId);
    expect(first.json.franchisee).toMatchObject({
      name: "Meera Das",
      phoneNumber,
      email: "meera@example.com",
      roles: ["franchisee"],
      permissions: ["reports", "billing.view"],
      configuration: { hideBilling: true },
      isActive: true,
      hasPassword: false,
    });
    const rows = await t.db.select().from(franchisees).where(eq(franchisees.phoneNumber, phoneNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0].parentFranchiseeId).toBe(ids["9000000001"]);
    // Through the outbox (ADR 0053): queued at once, sent by the messages worker.
    expect(await t.sendQueuedMessages()).toBeGreaterThanOrEqual(1);
    const sms = t.outbox.to(phoneNumber);
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain("Card Panel added you as staff (Franchisee)");
    expect(names(await list("admin", { search: "Meera" }))).toEqual(["Meera Das"]);
  });

  test("the welcome SMS is in the agency's default language, its roles too (issue 24)", async () => {
    expect((await t.requestAs("admin", "PUT", "/agency-language", { body: { language: "hi" } })).status).toBe(200);
    try {
      const phoneNumber = newPhone();
      const res = await signUp({ name: "Sunita Verma", phoneNumber, roles: ["franchisee", "creator"], permissions: [], configuration: {} });
      expect(res.status, res.text).toBe(200);
      expect(await t.sendQueuedMessages()).toBeGreaterThanOrEqual(1);
      const [sms] = t.outbox.to(phoneNumber);
      expect(sms.text).toContain("Card Panel ने आपको स्टाफ़ (फ्रैंचाइज़ी, ");
      expect(sms.text).toContain("पासवर्ड बनाने के लिए हम आपको OTP भेजेंगे।");
      expect(sms.text).not.toContain("added you");
    } finally {
      expect((await t.requestAs("admin", "PUT", "/agency-language", { body: { language: "en" } })).status).toBe(200);
    }
  });

  test("the new staff member sets a password by OTP at the staff sign-in, then signs in", async () => {
    const phoneNumber = newPhone();
    expect((await signUp({ name: "Ishaan Roy", phoneNumber, roles: ["creator"] })).status).toBe(200);
    const b = t.client.browser();
    const verify = await b.post("/franchisee/verifyPhoneNumber", { phoneNumber });
    expect(verify.json).toEqual({ franchiseeExist: true, otpSent: true });
    expect((await b.post("/verifyOtp", { otp: t.readOtp(phoneNumber) })).status).toBe(200);
    expect((await b.post("/franchisee/createPassword", { password: "Chosen-pass1" })).json).toEqual({ franchiseeLoggedIn: true });
    const me = await b.get("/session");
    expect(me.json.actor).toMatchObject({ kind: "staff", franchisee: { name: "Ishaan Roy", roles: ["creator"] } });
    // The creator's menu: no Franchisee List (SPEC §6), and the API refuses it too.
    expect(me.json.actor.menu.map((i: { key: string }) => i.key)).not.toContain("franchisees");
    expect((await b.get("/franchisee/list")).status).toBe(403);
    expect((await list("admin", { search: "Ishaan" })).json.list[0].hasPassword).toBe(true);
  });

  test("a number already on the staff is 422 on the phone field; bad input changes nothing", async () => {
    const taken = await signUp({ name: "Someone Else", phoneNumber: "9000000003", roles: ["franchisee"] });
    expect(taken.status).toBe(422);
    expect(taken.json.fieldErrors.phoneNumber).toEqual(["This number already belongs to a staff member of this agency."]);
    // The same number in another agency is another account.
    const elsewhere = await signUp({ name: "Arjun at Sunrise", phoneNumber: "9000000003", roles: ["franchisee"] }, "otherAgencyAdmin");
    expect(elsewhere.status).toBe(200);
    const before = await t.db.$count(franchisees);
    for (const body of [
      { name: "No Roles", phoneNumber: newPhone(), roles: [] },
      { name: "Bad Role", phoneNumber: newPhone(), roles: ["owner"] },
      { name: "", phoneNumber: newPhone(), roles: ["creator"] },
      { name: "Bad Phone", phoneNumber: "12345", roles: ["creator"] },
      { name: "Bad Email", phoneNumber: newPhone(), email: "nope", roles: ["creator"] },
      { name: "Bad Permission", phoneNumber: newPhone(), roles: ["creator"], permissions: ["drop table"] },
    ]) {
      const res = await signUp(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.json.message).toBe("string");
    }
    expect(await t.db.$count(franchisees)).toBe(before);
  });

  test("only admins add staff", async () => {
    for (const role of ["creator", "franchisee", "franchiseeAllCards", "customer"] as const) {
      expect((await signUp({ name: "X", phoneNumber: newPhone(), roles: ["admin"] }, role)).status, role).toBe(403);
    }
  });
});

describe("POST /franchisee/edit", () => {
  async function staffMember(roles: string[] = ["franchisee"]) {
    const phoneNumber = newPhone();
    const res = await signUp({ name: `Staff ${phoneNumber}`, phoneNumber, roles });
    const franchiseeId = res.json.franchisee.franchiseeId as number;
    // Give them a password and a session, as if they had signed in.
    const b = t.client.browser();
    await b.post("/franchisee/verifyPhoneNumber", { phoneNumber });
    await b.post("/verifyOtp", { otp: t.readOtp(phoneNumber) });
    await b.post("/franchisee/createPassword", { password: DEMO_PASSWORD });
    return { franchiseeId, phoneNumber, browser: b };
  }
  const edit = (body: Record<string, unknown>, role: RoleName = "admin") => t.requestAs(role, "POST", "/franchisee/edit", { body: body as never });

  test("changes roles, permissions and hideBilling; the staff member's menu follows", async () => {
    const s = await staffMember();
    const res = await edit({ franchiseeId: s.franchiseeId, name: "Renamed", phoneNumber: s.phoneNumber, roles: ["admin"], permissions: "a, b", configuration: { hideBilling: true } });
    expect(res.status).toBe(200);
    expect(res.json.franchisee).toMatchObject({ name: "Renamed", roles: ["admin"], permissions: ["a", "b"], configuration: { hideBilling: true }, isActive: true });
    const menu = (await s.browser.get("/session")).json.actor.menu.map((i: { key: string }) => i.key);
    expect(menu).toContain("franchisees");
    // hideBilling: no Agency Management (the platform agency's admins see it otherwise).
    expect(menu).not.toContain("agency-management");
  });

  test("deactivating ends their sessions at once; they cannot sign in again until reactivated", async () => {
    const s = await staffMember();
    expect((await s.browser.get("/franchisee")).status).toBe(200);
    const body = { franchiseeId: s.franchiseeId, name: "Leaving Soon", phoneNumber: s.phoneNumber, roles: ["franchisee"] };
    const off = await edit({ ...body, active: false });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ franchisee: { isActive: false }, sessionsEnded: 1 });
    expect(await t.db.$count(sessions, eq(sessions.franchiseeId, s.franchiseeId))).toBe(0);
    // The very next call (within the session cache's 2 s) is anonymous.
    expect((await s.browser.get("/franchisee")).status).toBe(401);
    expect((await t.request("POST", "/franchisee/login", { body: { phoneNumber: s.phoneNumber, password: DEMO_PASSWORD } })).status).toBe(400);
    expect(names(await list("admin", { status: "inactive" }))).toContain("Leaving Soon");
    // Leaving `active` out changes nothing; true brings them back with their password.
    expect((await edit(body)).json.franchisee.isActive).toBe(false);
    expect((await edit({ ...body, active: true })).json.franchisee.isActive).toBe(true);
    expect((await t.request("POST", "/franchisee/login", { body: { phoneNumber: s.phoneNumber, password: DEMO_PASSWORD } })).status).toBe(200);
  });

  test("nobody removes their own admin role or deactivates themselves", async () => {
    const self = { franchiseeId: ids["9000000001"], name: "Rohit Mehra", phoneNumber: "9000000001", roles: ["creator"] };
    const demote = await edit(self);
    expect(demote.status).toBe(422);
    expect(demote.json.fieldErrors.roles).toEqual(["You cannot remove the admin role from yourself. Ask another admin."]);
    const off = await edit({ ...self, roles: ["admin"], active: false });
    expect(off.status).toBe(422);
    expect(off.json.fieldErrors.active).toEqual(["You cannot deactivate yourself. Ask another admin."]);
    const [row] = await t.db.select().from(franchisees).where(eq(franchisees.id, ids["9000000001"]));
    expect(row).toMatchObject({ roles: ["admin"], isActive: true });
  });

  test("another agency's staff member is 404; a number taken by a colleague is 422", async () => {
    const vikram = { franchiseeId: ids["9000000011"], name: "Hijacked", phoneNumber: "9000000011", roles: ["franchisee"], active: false };
    const res = await edit(vikram);
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("We could not find this staff member.");
    const [row] = await t.db.select().from(franchisees).where(eq(franchisees.id, ids["9000000011"]));
    expect(row).toMatchObject({ name: "Vikram Rao", isActive: true });
    // And the other way round, on their own host.
    expect((await edit({ ...vikram, franchiseeId: ids["9000000003"] }, "otherAgencyAdmin")).status).toBe(404);

    const s = await staffMember();
    const clash = await edit({ franchiseeId: s.franchiseeId, name: "Clash", phoneNumber: "9000000002", roles: ["franchisee"] });
    expect(clash.status).toBe(422);
    expect(clash.json.fieldErrors.phoneNumber).toEqual(["This number already belongs to a staff member of this agency."]);
  });

  test("only admins edit staff", async () => {
    const body = { franchiseeId: ids["9000000003"], name: "X", phoneNumber: "9000000003", roles: ["admin"] };
    for (const role of ["creator", "franchisee", "franchiseeAllCards", "customer"] as const) {
      expect((await edit(body, role)).status, role).toBe(403);
    }
    const res = await t.request("POST", "/franchisee/edit", { host: SECOND_AGENCY_HOST, body: body as never });
    expect(res.status).toBe(401);
  });
});
