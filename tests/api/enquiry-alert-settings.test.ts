/**
 * The owner's enquiry tools (ADR 0054): each alert channel can be turned off (and then nothing
 * is queued on it), and the enquiries export as CSV and as one .vcf. Other tenants get 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { agencies, users } from "#server/db/schema/core.ts";
import { businesses, cards, feedback } from "#server/db/schema/business.ts";
import { agencyWhatsappSettings, outboundMessages } from "#server/db/schema/messages.ts";
import { createTestApi, PLATFORM_HOST, type TestApi } from "../support/api-harness.ts";
import { csvObjects } from "../support/csv.ts";

let t: TestApi;
let sharmaId: number;
let iyerId: number;

beforeAll(async () => {
  t = await createTestApi();
  const [platform] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.host, PLATFORM_HOST));
  // WhatsApp configured for the agency, so all three channels are in play (nothing is delivered here).
  await t.db.insert(agencyWhatsappSettings).values({ agencyId: platform!.id, phoneNumberId: "106540352242922", accessToken: "EAAstandin0001" });
  const [sharma] = await t.db.select({ id: businesses.businessId, userId: businesses.userId }).from(businesses).innerJoin(cards, eq(cards.businessId, businesses.businessId)).where(eq(cards.cardId, "sharma-sweets"));
  sharmaId = sharma!.id;
  await t.db.update(users).set({ email: "sharma-owner@example.com" }).where(eq(users.id, sharma!.userId));
  const [iyer] = await t.db.select({ id: businesses.businessId }).from(businesses).innerJoin(users, eq(users.id, businesses.userId)).where(eq(users.email, "foreign@example.com"));
  iyerId = iyer!.id;
});
afterAll(() => t?.close());

/** A visitor sends the public card's enquiry form (a fresh form token each time). */
async function enquire(body: Record<string, string>) {
  const token = (await t.requestUnchecked("GET", "/public-card/sharma-sweets")).json.enquiryToken as string;
  t.clock.advance(5000);
  const res = await t.requestUnchecked("POST", "/public-card/sharma-sweets/enquiry", { body: { token, ...body } });
  expect(res.status).toBe(200);
  const [fb] = await t.db.select({ id: feedback.id }).from(feedback).where(eq(feedback.message, body.message!));
  const alerts = await t.db.select({ channel: outboundMessages.channel }).from(outboundMessages).where(eq(outboundMessages.eventKey, `enquiry:${fb!.id}`));
  return alerts.map((a) => a.channel).sort();
}

describe("enquiry alert channels", () => {
  it("are all on until the owner turns one off; a channel turned off gets nothing", async () => {
    const first = await t.requestAs("customer", "GET", "/messages/enquiry-alerts", { query: {} });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ businessId: sharmaId, sms: true, email: true, whatsapp: true, whatsappAvailable: true });
    expect(await enquire({ name: "Asha Rao", phoneNumber: "98111 22301", message: "All channels please" })).toEqual(["email", "sms", "whatsapp"]);

    const body = { businessId: sharmaId, sms: false, email: true, whatsapp: false };
    const put = await t.requestAs("customer", "PUT", "/messages/enquiry-alerts", { body });
    expect(put.status).toBe(200);
    // The same request again (a double click) changes nothing.
    expect((await t.requestAs("customer", "PUT", "/messages/enquiry-alerts", { body })).json).toEqual(put.json);
    expect((await t.requestAs("customer", "GET", "/messages/enquiry-alerts", { query: { businessId: sharmaId } })).json).toMatchObject({ sms: false, email: true, whatsapp: false });
    expect(await enquire({ name: "Vikram Shah", phoneNumber: "98111 22302", message: "Only e-mail should hear of me" })).toEqual(["email"]);

    await t.requestAs("customer", "PUT", "/messages/enquiry-alerts", { body: { sms: true, email: false, whatsapp: false } });
    expect(await enquire({ name: "Meera Pillai", phoneNumber: "98111 22303", message: "Only SMS now" })).toEqual(["sms"]);
    await t.requestAs("customer", "PUT", "/messages/enquiry-alerts", { body: { sms: true, email: true, whatsapp: true } });
  });

  it("are the business's: staff who may see it can read them; another owner or agency cannot read or change them (404)", async () => {
    expect((await t.requestAs("admin", "GET", "/messages/enquiry-alerts", { query: { businessId: sharmaId } })).status).toBe(200);
    const body = { businessId: sharmaId, sms: false, email: false, whatsapp: false };
    for (const role of ["foreignCustomer", "otherAgencyAdmin", "otherAgencyCustomer"] as const) {
      expect((await t.requestAs(role, "GET", "/messages/enquiry-alerts", { query: { businessId: sharmaId } })).status).toBe(404);
      expect((await t.requestAs(role, "PUT", "/messages/enquiry-alerts", { body })).status).toBe(404);
    }
    // Staff must name the business.
    expect((await t.requestAs("admin", "GET", "/messages/enquiry-alerts", { query: {} })).status).toBe(404);
    expect((await t.requestAs("customer", "GET", "/messages/enquiry-alerts", { query: {} })).json).toMatchObject({ sms: true, email: true, whatsapp: true });
    // The other owner's own business is theirs to change, and does not touch Sharma's.
    expect((await t.requestAs("foreignCustomer", "PUT", "/messages/enquiry-alerts", { body: { ...body, businessId: iyerId } })).status).toBe(200);
    expect((await t.requestAs("customer", "GET", "/messages/enquiry-alerts", { query: { businessId: sharmaId } })).json).toMatchObject({ sms: true });
  });

  it("refuses a body without all three switches (nothing changes)", async () => {
    const res = await t.requestAsUnchecked("customer", "PUT", "/messages/enquiry-alerts", { body: { sms: false } });
    expect(res.status).toBe(422);
    expect((await t.requestAs("customer", "GET", "/messages/enquiry-alerts", { query: {} })).json).toMatchObject({ sms: true });
  });
});

describe("enquiry exports", () => {
  beforeAll(async () => {
    await enquire({ name: "=HYPERLINK(\"http://x\")", phoneNumber: "+919811122304", email: "evil@example.com", message: "@SUM(1,2), \"quoted\"\nsecond line" });
    await enquire({ name: "Dr. Neha Verma", phoneNumber: "98111 22305", email: "neha@example.com", message: "Bulk order; Diwali" });
  });

  it("gives the owner every message as CSV, newest first, formula-looking cells neutralised", async () => {
    const res = await t.requestAsUnchecked("customer", "GET", "/feedback/export/csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="enquiries-${sharmaId}.csv"`);
    // (The BOM is the reports' own; the test client's decoder drops it.)
    expect(res.text.replace(/^\uFEFF/, "").startsWith("Received,Kind,Name,Phone number,Email,Message\n")).toBe(true);
    const rows = csvObjects(res.text);
    expect(rows).toHaveLength((await t.db.select({ id: feedback.id }).from(feedback).where(eq(feedback.businessId, sharmaId))).length);
    expect(rows[0]).toMatchObject({ Kind: "Enquiry", Name: "Dr. Neha Verma", "Phone number": "+919811122305", Email: "neha@example.com", Message: "Bulk order; Diwali" });
    expect(rows[0]!.Received).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(rows[1]).toMatchObject({ Name: "'=HYPERLINK(\"http://x\")", "Phone number": "+919811122304", Message: "'@SUM(1,2), \"quoted\"\nsecond line" });
    expect(rows.some((r) => r.Name === "Asha Rao")).toBe(true);
    // Staff who may see the business export it by naming it; the same rows.
    const staff = await t.requestAsUnchecked("admin", "GET", "/feedback/export/csv", { query: { businessId: String(sharmaId) } });
    expect(csvObjects(staff.text)).toEqual(rows);
  });

  it("gives every enquirer as one .vcf, one contact per number", async () => {
    const res = await t.requestAsUnchecked("customer", "GET", "/feedback/export/vcf", { query: { businessId: String(sharmaId) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/vcard");
    const cardsOut = res.text.split("END:VCARD\r\n").filter(Boolean);
    const unfolded = res.text.replace(/\r\n /g, "");
    expect(unfolded).toContain("N:Verma;Neha;;Dr.;\r\n");
    expect(unfolded).toContain("FN:Dr. Neha Verma\r\n");
    expect(unfolded).toContain("TEL;TYPE=CELL:+919811122305\r\n");
    expect(unfolded).toContain("EMAIL;TYPE=INTERNET:neha@example.com\r\n");
    expect(unfolded).toContain("NOTE:Enquiry on Sharma Sweets's card");
    expect(unfolded).toContain("Bulk order\\; Diwali");
    expect(unfolded).toContain("TEL;TYPE=CELL:+919811122304\r\n");
    const phones = [...unfolded.matchAll(/TEL;TYPE=CELL:(.+)\r\n/g)].map((m) => m[1]);
    expect(new Set(phones).size).toBe(phones.length);
    expect(cardsOut.every((c) => c.startsWith("BEGIN:VCARD\r\nVERSION:3.0\r\n"))).toBe(true);
  });

  it("is 404 for another owner, another agency, and a business not named by staff", async () => {
    for (const role of ["foreignCustomer", "otherAgencyAdmin", "otherAgencyCustomer"] as const) {
      for (const path of ["/feedback/export/csv", "/feedback/export/vcf"]) {
        expect((await t.requestAsUnchecked(role, "GET", path, { query: { businessId: String(sharmaId) } })).status).toBe(404);
      }
    }
    expect((await t.requestAsUnchecked("admin", "GET", "/feedback/export/vcf")).status).toBe(404);
    // The other owner's own export holds none of Sharma's messages.
    const own = await t.requestAsUnchecked("foreignCustomer", "GET", "/feedback/export/csv");
    expect(own.status).toBe(200);
    expect(own.text).not.toContain("Neha");
  });
});
