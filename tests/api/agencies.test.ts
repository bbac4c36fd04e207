/**
 * Agency management (SPEC §3 Agency, §6 gating, §7 Agency; ADR 0018): GET /agency/list,
 * GET /agency/{id}, POST and PUT /agency with the whole typed configuration, POST
 * /addAgencyAdmin (whose admin sets a password by OTP on the agency's host), and the invitation
 * link that every menu takes from the agency.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { count, eq } from "drizzle-orm";
import { agencies, franchisees } from "#server/db/schema/core.ts";
import { AGENCY_MESSAGES, type Agency, type AgencyConfigurationInput } from "#contracts/agency.ts";
import { createTestApi, DEMO_PASSWORD, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
let platformId: number;
let sunriseId: number;

beforeAll(async () => {
  t = await createTestApi();
  const rows = await t.db.select().from(agencies);
  platformId = rows.find((a) => a.roles.includes("superadmin"))!.id;
  sunriseId = rows.find((a) => !a.roles.includes("superadmin"))!.id;
});
afterAll(() => t?.close());

let n = 0;
const nextHost = () => `agency${++n}.example.in`;

const FULL_CONFIG = {
  imagePost: { enableImagePost: true, isVideoPostsIncluded: true, allowAgencyExclusivePosts: true },
  pdfCardConfig: { enablePdfCardProduct: true, customerPlans: [{ id: 1, price: 9900 }, { id: 2, price: 14900 }] },
  video: { enableVideo: true, pricePerVideo: 24900 },
  onlinePayment: { enablePaymentIntegration: true },
  dashboardConfig: { showInvitationTileInCustomerDashboard: true },
  allowedBusinessMadeBy: ["franchisee", "creator"],
  trialDays: 14,
} satisfies AgencyConfigurationInput;

/** What an agency is billed until its form sets it (ADR 0023): nothing, 18% GST, 10 days' grace. */
const DEFAULT_BILLING = { perCardPrice: 0, annualFee: 0, imageServiceMonthlyFee: 0, gstPercent: 18, graceDays: 10, offlineInstructions: null };

async function create(agency: Record<string, unknown>) {
  return t.requestAs("admin", "POST", "/agency", { body: { agency: { agencyName: "Acme Cards", host: nextHost(), ...agency } as never } });
}
const agencyCount = async () => (await t.db.select({ n: count() }).from(agencies))[0].n;

describe("who may manage agencies (SPEC §6: admin, billing not hidden, superadmin agency)", () => {
  test("the platform's admin may; other staff, customers and another agency's admin may not", async () => {
    expect((await t.requestAs("admin", "GET", "/agency/list")).status).toBe(200);
    for (const role of ["creator", "franchisee", "franchiseeAllCards", "customer", "otherAgencyAdmin"] as const) {
      const res = await t.requestAs(role, "GET", "/agency/list");
      expect(res.status, role).toBe(403);
      expect((await t.requestAs(role, "POST", "/agency", { body: { agency: { agencyName: "X", host: nextHost() } } })).status, role).toBe(403);
    }
    expect((await t.request("GET", "/agency/list")).status).toBe(401);
  });

  test("an admin whose billing is hidden is refused too", async () => {
    const passwordHash = await t.deps.passwords.hash(DEMO_PASSWORD);
    await t.db.insert(franchisees).values({ agencyId: platformId, name: "Hidden Billing", phoneNumber: "9000000077", passwordHash, roles: ["admin"], configuration: { hideBilling: true } });
    const login = await t.request("POST", "/franchisee/login", { body: { phoneNumber: "9000000077", password: DEMO_PASSWORD } });
    const cookie = `cp_session=${login.cookies.cp_session}`;
    expect((await t.request("GET", "/agency/list", { cookie })).status).toBe(403);
    expect((await t.request("POST", "/createSsl", { cookie, body: { agencyId: sunriseId } })).status).toBe(403);
  });
});

describe("GET /agency/list", () => {
  test("every agency by name, with the typed configuration, admin and domain state", async () => {
    const res = await t.requestAs("admin", "GET", "/agency/list");
    const byName = Object.fromEntries((res.json.list as Agency[]).map((a) => [a.agencyName, a]));
    expect(byName["Sunrise Media"]).toMatchObject({
      agencyId: sunriseId,
      host: "sunrise.localhost",
      isSuperadmin: false,
      isActive: true,
      invitationSiteLink: null,
      admin: { name: "Vikram Rao", phoneNumber: "9000000011" },
      ssl: { status: "none", domain: null },
    });
    // Keys the seed left out come back filled (missing means off; defaults for prices and days).
    expect(byName["Sunrise Media"].configuration).toEqual({
      imagePost: { enableImagePost: true, isVideoPostsIncluded: false, allowAgencyExclusivePosts: false },
      pdfCardConfig: { enablePdfCardProduct: false, customerPlans: [] },
      video: { enableVideo: false, pricePerVideo: 19900 },
      onlinePayment: { enablePaymentIntegration: false },
      dashboardConfig: { showInvitationTileInCustomerDashboard: false },
      allowedBusinessMadeBy: [],
      trialDays: 7,
      // The seed bills Sunrise (server/db/seed); keys it left out are the defaults.
      billing: expect.objectContaining({ perCardPrice: 4900, gstPercent: 18, graceDays: 10 }),
    });
    expect(byName["Card Panel"]).toMatchObject({ isSuperadmin: true, invitationSiteLink: "https://invitations.cardpanel.in" });
  });

  test("search by name, domain or admin phone; status filter; paging", async () => {
    const names = async (query: Record<string, string | number>) =>
      ((await t.requestAs("admin", "GET", "/agency/list", { query })).json.list as Agency[]).map((a) => a.agencyName);
    expect(await names({ search: "sunrise" })).toEqual(["Sunrise Media"]);
    expect(await names({ search: "SUNRISE.LOCAL" })).toEqual(["Sunrise Media"]);
    expect(await names({ search: "9000000011" })).toEqual(["Sunrise Media"]);
    expect(await names({ search: "100%_" })).toEqual([]);
    const off = await create({ agencyName: "Dormant Agency", isActive: false });
    expect(off.status).toBe(200);
    expect(await names({ status: "inactive" })).toEqual(["Dormant Agency"]);
    expect(await names({ status: "active" })).not.toContain("Dormant Agency");
    const page1 = await t.requestAs("admin", "GET", "/agency/list", { query: { pageSize: 1, page: 1 } });
    const page2 = await t.requestAs("admin", "GET", "/agency/list", { query: { pageSize: 1, page: 2 } });
    expect(page1.json.total).toBeGreaterThanOrEqual(3);
    expect(page1.json.list).toHaveLength(1);
    expect(page2.json.list[0].agencyId).not.toBe(page1.json.list[0].agencyId);
  });

  test("bad filters are 422 with a message", async () => {
    const res = await t.requestAs("admin", "GET", "/agency/list?status=maybe&pageSize=1000");
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fieldErrors)).toEqual(expect.arrayContaining(["query.status", "query.pageSize"]));
  });
});

describe("POST /agency", () => {
  test("the whole configuration round-trips; the domain is normalised", async () => {
    const res = await create({ agencyName: "Acme Cards", host: "https://Cards.ACME-Demo.in/", invitationSiteLink: "https://invite.acme-demo.in/new", configuration: FULL_CONFIG });
    expect(res.status).toBe(200);
    expect(res.json.created).toBe(true);
    expect(res.json.agency).toMatchObject({ agencyName: "Acme Cards", host: "cards.acme-demo.in", isActive: true, isSuperadmin: false, invitationSiteLink: "https://invite.acme-demo.in/new", configuration: FULL_CONFIG });
    const again = await t.requestAs("admin", "GET", `/agency/${res.json.agency.agencyId}`);
    expect(again.json.agency.configuration).toEqual({ ...FULL_CONFIG, billing: DEFAULT_BILLING });
    // The new agency's own host shows its products and invitation link.
    const details = await t.request("GET", "/agency-details", { host: "cards.acme-demo.in" });
    expect(details.json.agency).toMatchObject({ agencyName: "Acme Cards", invitationSiteLink: "https://invite.acme-demo.in/new", isSuperadmin: false });
    expect(details.json.agency.features).toMatchObject({ imagePost: true, videoPosts: true, pdfCard: true, video: true, onlinePayment: true, invitationTile: true, onlyDigitalCard: false });
  });

  test("only a name and a domain: everything else off, 7 trial days, ₹199 a video", async () => {
    const res = await create({ agencyName: "Plain Agency" });
    expect(res.status).toBe(200);
    expect(res.json.agency.configuration).toMatchObject({ imagePost: { enableImagePost: false }, video: { enableVideo: false, pricePerVideo: 19900 }, trialDays: 7 });
    expect(res.json.agency.invitationSiteLink).toBeNull();
  });

  test("a double submit makes one agency; another agency on a taken domain is 409", async () => {
    const host = nextHost();
    const before = await agencyCount();
    const [a, b] = await Promise.all([create({ agencyName: "Twice Agency", host }), create({ agencyName: "Twice Agency", host })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.agency.agencyId).toBe(b.json.agency.agencyId);
    expect([a.json.created, b.json.created].sort()).toEqual([false, true]);
    expect(await agencyCount()).toBe(before + 1);
    const other = await create({ agencyName: "Someone Else", host });
    expect(other.status).toBe(409);
    expect(other.json.fieldErrors["agency.host"]).toEqual([AGENCY_MESSAGES.hostTaken]);
    for (const taken of ["localhost", "sunrise.localhost"]) expect((await create({ agencyName: "Clash", host: taken })).status, taken).not.toBe(200);
  });

  test.each([
    ["a host with a path", { host: "acme.example.in/cards" }, "agency.host"],
    ["an IP address", { host: "10.0.0.1" }, "agency.host"],
    ["a single label", { host: "intranet" }, "agency.host"],
    ["an empty name", { agencyName: "  " }, "agency.agencyName"],
    ["an http invitation link", { invitationSiteLink: "http://invite.example.in" }, "agency.invitationSiteLink"],
    ["video posts without image posts", { configuration: { imagePost: { isVideoPostsIncluded: true } } }, "agency.configuration.imagePost.isVideoPostsIncluded"],
    ["PDF cards with no plan", { configuration: { pdfCardConfig: { enablePdfCardProduct: true, customerPlans: [] } } }, "agency.configuration.pdfCardConfig.customerPlans"],
    ["two plans with one id", { configuration: { pdfCardConfig: { customerPlans: [{ id: 1, price: 100 }, { id: 1, price: 200 }] } } }, "agency.configuration.pdfCardConfig.customerPlans"],
    ["a price in rupees with decimals", { configuration: { video: { pricePerVideo: 199.5 } } }, "agency.configuration.video.pricePerVideo"],
    ["a negative trial", { configuration: { trialDays: -1 } }, "agency.configuration.trialDays"],
    ["an unknown business source", { configuration: { allowedBusinessMadeBy: ["self-service"] } }, "agency.configuration.allowedBusinessMadeBy.0"],
    ["a per-card price in rupees with decimals", { configuration: { billing: { ...DEFAULT_BILLING, perCardPrice: 49.5 } } }, "agency.configuration.billing.perCardPrice"],
    ["a negative annual fee", { configuration: { billing: { ...DEFAULT_BILLING, annualFee: -100 } } }, "agency.configuration.billing.annualFee"],
    ["GST above 100%", { configuration: { billing: { ...DEFAULT_BILLING, gstPercent: 101 } } }, "agency.configuration.billing.gstPercent"],
    ["grace days as text", { configuration: { billing: { ...DEFAULT_BILLING, graceDays: "ten" } } }, "agency.configuration.billing.graceDays"],
    ["billing without its fields", { configuration: { billing: {} } }, "agency.configuration.billing.perCardPrice"],
    ["offline instructions too long", { configuration: { billing: { ...DEFAULT_BILLING, offlineInstructions: "x".repeat(2001) } } }, "agency.configuration.billing.offlineInstructions"],
  ])("%s is 422 on its field, nothing created", async (_name, agency, field) => {
    const before = await agencyCount();
    const res = await create(agency);
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fieldErrors)).toContain(field);
    expect(await agencyCount()).toBe(before);
  });
});

describe("the agency's billing settings (ADR 0023) on POST and PUT /agency", () => {
  const BILLING = { perCardPrice: 4950, annualFee: 1_200_000, imageServiceMonthlyFee: 99_900, gstPercent: 12, graceDays: 15, offlineInstructions: "  UPI: acme@upi  " };

  test("round-trip: saved, shown by GET /agency, used by the agency's billing page; PUT without billing keeps it", async () => {
    const res = await create({ agencyName: "Billed Agency", configuration: { ...FULL_CONFIG, billing: BILLING } });
    expect(res.status).toBe(200);
    const id = res.json.agency.agencyId as number;
    const saved = { ...BILLING, offlineInstructions: "UPI: acme@upi" };
    expect((await t.requestAs("admin", "GET", `/agency/${id}`)).json.agency.configuration.billing).toEqual(saved);
    // Billing reads the same keys: the platform's view of that agency's bill settings.
    const bills = await t.requestAs("admin", "GET", "/month-payments", { query: { agencyId: id } });
    expect(bills.status).toBe(200);
    expect(bills.json.settings).toEqual(saved);

    // An older client's PUT (no billing) keeps what was set; a PUT with billing replaces it.
    const put = (configuration: Record<string, unknown>) =>
      t.requestAs("admin", "PUT", "/agency", { body: { agency: { agencyId: id, agencyName: "Billed Agency", host: res.json.agency.host, configuration } as never } });
    expect((await put(FULL_CONFIG)).json.agency.configuration.billing).toEqual(saved);
    const cleared = { ...BILLING, perCardPrice: 0, offlineInstructions: "" };
    expect((await put({ ...FULL_CONFIG, billing: cleared })).json.agency.configuration.billing).toEqual({ ...cleared, offlineInstructions: null });
    const [row] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    expect(row.configuration.billing).toEqual({ perCardPrice: 0, annualFee: 1_200_000, imageServiceMonthlyFee: 99_900, gstPercent: 12, graceDays: 15 });
  });

  test("a bad billing value on PUT is 422 on its field and changes nothing", async () => {
    const { json } = await create({ agencyName: "Billing Guard", configuration: { ...FULL_CONFIG, billing: BILLING } });
    const id = json.agency.agencyId as number;
    const [before] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    const res = await t.requestAs("admin", "PUT", "/agency", {
      body: { agency: { agencyId: id, agencyName: "Renamed", host: json.agency.host, configuration: { ...FULL_CONFIG, billing: { ...BILLING, gstPercent: 18.5 } } } as never },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fieldErrors)).toEqual(["agency.configuration.billing.gstPercent"]);
    const [after] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    expect(after).toEqual(before);
  });
});

describe("PUT /agency", () => {
  test("saves the configuration and keeps what other screens set (branding)", async () => {
    const { json } = await create({ agencyName: "Edit Me", configuration: FULL_CONFIG });
    const id = json.agency.agencyId as number;
    await t.db.update(agencies).set({ configuration: { ...FULL_CONFIG, branding: { primaryColor: "#0b5394" } } }).where(eq(agencies.id, id));
    const config = { ...FULL_CONFIG, imagePost: { enableImagePost: false, isVideoPostsIncluded: false, allowAgencyExclusivePosts: false }, trialDays: 0, allowedBusinessMadeBy: [] };
    const res = await t.requestAs("admin", "PUT", "/agency", { body: { agency: { agencyId: id, agencyName: "Edited", host: json.agency.host, configuration: config } } });
    expect(res.status).toBe(200);
    expect(res.json.agency).toMatchObject({ agencyName: "Edited", configuration: config });
    const [row] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    expect(row.configuration.branding).toEqual({ primaryColor: "#0b5394" });
  });

  test("unknown agency 404; the platform keeps its domain and stays on", async () => {
    const body = (agencyId: number, extra = {}) => ({ agency: { agencyId, agencyName: "Card Panel", host: "localhost.example", ...extra } });
    expect((await t.requestAs("admin", "PUT", "/agency", { body: body(999_999) })).status).toBe(404);
    expect((await t.requestAs("admin", "GET", "/agency/999999")).status).toBe(404);
    expect((await t.requestAs("admin", "PUT", "/agency", { body: body(platformId) })).status).toBe(409);
    const [platform] = await t.db.select().from(agencies).where(eq(agencies.id, platformId));
    const off = await t.requestAs("admin", "PUT", "/agency", { body: body(platformId, { host: platform.host, isActive: false }) });
    expect(off.status).toBe(409);
    expect(off.json.fieldErrors["agency.isActive"]).toBeDefined();
  });
});

describe("the invitation link comes from the agency (SPEC §2 drawers)", () => {
  async function setLink(link: string | null) {
    const [p] = await t.db.select().from(agencies).where(eq(agencies.id, platformId));
    const current = (await t.requestAs("admin", "GET", `/agency/${platformId}`)).json.agency as Agency;
    const res = await t.requestAs("admin", "PUT", "/agency", {
      body: { agency: { agencyId: platformId, agencyName: p.agencyName, host: p.host, invitationSiteLink: link, configuration: current.configuration } },
    });
    expect(res.status).toBe(200);
  }
  const invitation = (items: { key: string; href?: string }[]) => items.find((i) => i.key === "invitation");

  test("a new link shows at once in the admin drawer, the customer's Create menu and home tile; none hides them", async () => {
    await setLink("https://invitations.cardpanel.example/create");
    const staff = await t.requestAs("admin", "GET", "/session");
    expect(invitation(staff.json.actor.menu)).toEqual({ key: "invitation", label: "Digital Invitation card", href: "https://invitations.cardpanel.example/create" });
    const customer = await t.requestAs("customer", "GET", "/session");
    expect(invitation(customer.json.actor.menu.create)?.href).toBe("https://invitations.cardpanel.example/create");
    expect(invitation(customer.json.actor.menu.home)?.href).toBe("https://invitations.cardpanel.example/create");
    expect((await t.request("GET", "/agency-details")).json.agency.invitationSiteLink).toBe("https://invitations.cardpanel.example/create");

    await setLink(null);
    expect(invitation((await t.requestAs("admin", "GET", "/session")).json.actor.menu)).toBeUndefined();
    const after = await t.requestAs("customer", "GET", "/session");
    expect(invitation(after.json.actor.menu.create)).toBeUndefined();
    expect(invitation(after.json.actor.menu.home)).toBeUndefined();
    await setLink("https://invite.example.com");
  });
});

describe("POST /addAgencyAdmin", () => {
  test("makes the agency's admin, who sets a password by OTP on the agency's host and gets an admin's menu", async () => {
    const { json } = await create({ agencyName: "Admin Agency", host: "admins.example.in", configuration: FULL_CONFIG });
    const agencyId = json.agency.agencyId as number;
    const adminData = { agencyId, name: "Asha Verma", phoneNumber: "+91 98111 22334", email: "Asha@Admins.example.in" };
    const res = await t.requestAs("admin", "POST", "/addAgencyAdmin", { body: { adminData } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ agencyId, created: true, signInPath: "/panel/franchisee-login" });
    const again = await t.requestAs("admin", "POST", "/addAgencyAdmin", { body: { adminData } });
    expect(again.json).toMatchObject({ franchiseeId: res.json.franchiseeId, created: false });
    // The welcome SMS a new franchisee gets (server/api/franchisee/service.ts), once: not for the repeat.
    await t.sendQueuedMessages();
    const welcome = t.outbox.to("9811122334");
    expect(welcome).toHaveLength(1);
    expect(welcome[0].text).toBe(
      "Admin Agency added you as staff (Admin). Open the staff sign-in on admins.example.in and enter this number: we will send you an OTP to set your password.",
    );
    const rows = await t.db.select().from(franchisees).where(eq(franchisees.agencyId, agencyId));
    expect(rows.map((r) => ({ phone: r.phoneNumber, roles: r.roles, email: r.email, hasPassword: !!r.passwordHash }))).toEqual([
      { phone: "9811122334", roles: ["admin"], email: "asha@admins.example.in", hasPassword: false },
    ]);
    expect((await t.requestAs("admin", "GET", `/agency/${agencyId}`)).json.agency.admin).toEqual({ name: "Asha Verma", phoneNumber: "9811122334", email: "asha@admins.example.in" });

    // The existing first-sign-in path on the agency's own host: phone → OTP → password.
    const b = t.client.browser({ host: "admins.example.in" });
    const verify = await b.post("/franchisee/verifyPhoneNumber", { phoneNumber: "9811122334", fromForgotPassword: false });
    expect(verify.json).toEqual({ franchiseeExist: true, otpSent: true });
    expect((await b.post("/verifyOtp", { otp: t.readOtp("9811122334") })).status).toBe(200);
    expect((await b.post("/franchisee/createPassword", { password: "Asha@12345" })).status).toBe(200);
    const session = await b.get("/session");
    expect(session.json.agency.agencyName).toBe("Admin Agency");
    const keys = (session.json.actor.menu as { key: string }[]).map((i) => i.key);
    expect(keys).toEqual(expect.arrayContaining(["franchisees", "billing", "plans-pricing", "report"]));
    expect(keys).not.toContain("agency-management");
    // Not the platform: they cannot manage agencies, even by calling the API.
    expect((await b.get("/agency/list")).status).toBe(403);
  });

  test("a number that belongs to other staff of that agency is 409; unknown agency 404; bad phone 422", async () => {
    const taken = await t.requestAs("admin", "POST", "/addAgencyAdmin", { body: { adminData: { agencyId: platformId, name: "X", phoneNumber: "9000000003" } } });
    expect(taken.status).toBe(409);
    expect(taken.json.fieldErrors["adminData.phoneNumber"]).toEqual([AGENCY_MESSAGES.adminTaken]);
    await t.sendQueuedMessages();
    expect(t.outbox.to("9000000003").filter((m) => m.text.includes("added you as staff"))).toEqual([]);
    expect((await t.requestAs("admin", "POST", "/addAgencyAdmin", { body: { adminData: { agencyId: 999_999, name: "X", phoneNumber: "9811100000" } } })).status).toBe(404);
    const bad = await t.requestAs("admin", "POST", "/addAgencyAdmin", { body: { adminData: { agencyId: sunriseId, name: "X", phoneNumber: "12345" } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fieldErrors)).toContain("adminData.phoneNumber");
  });
});
