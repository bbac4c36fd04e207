/**
 * An agency's own WhatsApp number (ADR 0053): admins save it after WhatsApp accepts it (a loopback
 * stand-in of the Cloud API), the token never comes back, and reminders and alerts go as the
 * agency's approved templates when it has them (free text otherwise).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { agencies } from "#server/db/schema/core.ts";
import { agencyWhatsappSettings, outboundMessages } from "#server/db/schema/messages.ts";
import { deliverMessage, queueMessage } from "#server/api/messages/outbox.ts";
import { WHATSAPP_TEXTS } from "#contracts/messages.ts";
import { createTestApi, PLATFORM_HOST, type TestApi } from "../support/api-harness.ts";
import { startWhatsappStandIn, WA_DISPLAY_NUMBER, WA_PHONE_NUMBER_ID, WA_TOKEN } from "../support/whatsapp-stand-in.ts";

let t: TestApi;
let wa: Awaited<ReturnType<typeof startWhatsappStandIn>>;
let agencyId: number;

beforeAll(async () => {
  wa = await startWhatsappStandIn();
  t = await createTestApi({ env: wa.env });
  agencyId = (await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.host, PLATFORM_HOST)))[0]!.id;
});
afterAll(async () => {
  await t?.close();
  await wa?.close();
});

const save = (body: Record<string, unknown>, role: "admin" | "franchisee" | "customer" = "admin") => t.requestAsUnchecked(role, "PUT", "/messages/whatsapp", { body });
const saved = async () => (await t.db.select().from(agencyWhatsappSettings).where(eq(agencyWhatsappSettings.agencyId, agencyId)))[0];

describe("WhatsApp settings", () => {
  it("refuses what WhatsApp refuses, on its field, and saves nothing", async () => {
    expect((await t.requestAs("admin", "GET", "/messages/whatsapp")).json).toMatchObject({ configured: false, tokenEnding: null });
    const noToken = await save({ phoneNumberId: WA_PHONE_NUMBER_ID });
    expect(noToken.status).toBe(422);
    expect(noToken.json.fieldErrors.accessToken).toEqual([WHATSAPP_TEXTS.accessToken]);
    const badToken = await save({ phoneNumberId: WA_PHONE_NUMBER_ID, accessToken: "EAAwrongwrongwrongwrong" });
    expect(badToken.status).toBe(422);
    expect(badToken.json.fieldErrors.accessToken).toEqual([WHATSAPP_TEXTS.tokenRefused]);
    const badNumber = await save({ phoneNumberId: "100000000000001", accessToken: WA_TOKEN });
    expect(badNumber.status).toBe(422);
    expect(badNumber.json.fieldErrors.phoneNumberId).toEqual([WHATSAPP_TEXTS.numberUnknown]);
    const badShape = await save({ phoneNumberId: "12ab", accessToken: WA_TOKEN, reminderTemplate: "Renewal Reminder" });
    expect(badShape.status).toBe(422);
    expect(badShape.json.fieldErrors).toMatchObject({ phoneNumberId: [WHATSAPP_TEXTS.phoneNumberId], reminderTemplate: [WHATSAPP_TEXTS.templateName] });
    expect(await saved()).toBeUndefined();
  });

  it("saves what WhatsApp accepts; the token never comes back, and may be left out to keep it", async () => {
    const res = await save({ phoneNumberId: WA_PHONE_NUMBER_ID, accessToken: WA_TOKEN, reminderTemplate: "card_renewal", templateLanguage: "en_US" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      configured: true,
      phoneNumberId: WA_PHONE_NUMBER_ID,
      displayPhoneNumber: WA_DISPLAY_NUMBER,
      tokenEnding: WA_TOKEN.slice(-4),
      reminderTemplate: "card_renewal",
      alertTemplate: null,
      templateLanguage: "en_US",
    });
    const read = await t.requestAs("admin", "GET", "/messages/whatsapp");
    expect(read.text).not.toContain(WA_TOKEN);
    // A second save without the token keeps it (the form never shows it).
    const again = await save({ phoneNumberId: WA_PHONE_NUMBER_ID, reminderTemplate: "card_renewal", alertTemplate: "new_enquiry", templateLanguage: "en_US" });
    expect(again.status, again.text).toBe(200);
    expect((await saved())!).toMatchObject({ accessToken: WA_TOKEN, alertTemplate: "new_enquiry" });
  });

  it("is for the agency's admins only, and each agency sees its own", async () => {
    expect((await t.requestAsUnchecked("franchisee", "GET", "/messages/whatsapp")).status).toBe(403);
    expect((await save({ phoneNumberId: WA_PHONE_NUMBER_ID, accessToken: WA_TOKEN }, "franchisee")).status).toBe(403);
    expect((await t.requestAsUnchecked("customer", "GET", "/messages/whatsapp")).status).toBe(403);
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/messages/whatsapp")).json).toMatchObject({ configured: false });
  });

  it("sends a reminder as the agency's approved template with its parameters, and a purpose without a template as text", async () => {
    const before = wa.sent.length;
    const params = ["Sharma Sweets", "9 Dec 2026", "http://localhost/renew/abc"];
    const reminder = (await queueMessage(t.deps, { agencyId, eventKey: "wa-template:1", channel: "whatsapp", purpose: "reminder", to: "9812340001", text: "Your card expires…", params }))!;
    await deliverMessage(t.deps, t.queue, { data: { messageId: reminder }, isLastAttempt: false });
    expect(wa.sent.slice(before)).toEqual([{ phoneNumberId: WA_PHONE_NUMBER_ID, to: "919812340001", body: null, template: { name: "card_renewal", language: "en_US", params } }]);
    // A report has no template setting: free text (it reaches owners who wrote to the number lately).
    const report = (await queueMessage(t.deps, { agencyId, eventKey: "wa-template:2", channel: "whatsapp", purpose: "report", to: "9812340002", text: "Last week: 9 visits", params: ["x"] }))!;
    await deliverMessage(t.deps, t.queue, { data: { messageId: report }, isLastAttempt: false });
    expect(wa.sent.at(-1)).toMatchObject({ to: "919812340002", body: expect.stringContaining("Last week: 9 visits") });
    // A visitor's message with new lines goes as one template parameter (Meta refuses new lines in one).
    const alert = (await queueMessage(t.deps, { agencyId, eventKey: "wa-template:3", channel: "whatsapp", purpose: "alert", to: "9812340003", text: "New enquiry", params: ["Sharma Sweets", "Neha", "9811122334", "Line one\nLine two\t\tand      more"] }))!;
    await deliverMessage(t.deps, t.queue, { data: { messageId: alert }, isLastAttempt: false });
    expect(wa.sent.at(-1)!.template).toEqual({ name: "new_enquiry", language: "en_US", params: ["Sharma Sweets", "Neha", "9811122334", "Line one Line two and more"] });
    expect((await t.db.select().from(outboundMessages).where(eq(outboundMessages.id, alert)))[0]).toMatchObject({ status: "sent" });
  });

  it("is removed with DELETE: WhatsApp messages stop", async () => {
    const res = await t.requestAs("admin", "DELETE", "/messages/whatsapp");
    expect(res.json).toMatchObject({ configured: false });
    expect(await saved()).toBeUndefined();
    expect((await t.requestAs("admin", "DELETE", "/messages/whatsapp")).status).toBe(200);
  });
});
