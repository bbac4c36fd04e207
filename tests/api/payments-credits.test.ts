/**
 * PDF card payments, user video payments and the agency PDF card payment config (SPEC §7; ADR
 * 0034): the same gateway machinery as plans, against the Razorpay stand-in;
 * what they buy is a credit on the business that a later PDF export or video uses.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { agencies } from "#server/db/schema/core.ts";
import { businesses } from "#server/db/schema/business.ts";
import { pdfCardPayments, pdfCards, userVideoPayments, videoTemplates } from "#server/db/schema/content.ts";
import { consumeCredit, unconsumedCredits } from "#server/api/payments/service.ts";
import { DEFAULT_VIDEO_PRICE_PAISE } from "#server/api/payments/customer-orders.ts";
import { createTestApi, ROLES, type TestApi } from "../support/api-harness.ts";
import { startRazorpayStandIn, type RazorpayStandIn } from "../support/razorpay-stand-in.ts";

let rzp: RazorpayStandIn;
let t: TestApi;
let sharma: number;
let gupta: number;
let dental: number;
let platformId: number;
let sunriseId: number;
let templateId: number;

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
  t = await createTestApi({ env: rzp.env });
  const id = async (name: string) => (await t.db.select().from(businesses).where(eq(businesses.businessName, name)))[0].businessId;
  sharma = await id("Sharma Sweets");
  gupta = await id("Gupta Electricals");
  dental = await id("Smile Care Dental Clinic");
  platformId = (await t.db.select().from(agencies).where(eq(agencies.host, ROLES.customer.host)))[0].id;
  sunriseId = (await t.db.select().from(agencies).where(eq(agencies.host, ROLES.otherAgencyCustomer.host)))[0].id;
  const [template] = await t.db
    .insert(videoTemplates)
    .values({ agencyId: null, name: "Diwali offer", previewUrl: "/uploads/preview.mp4" })
    .returning();
  templateId = template.templateId;
});
afterAll(async () => {
  await t?.close();
  await rzp?.close();
});

describe("PDF card payments", () => {
  test("order at the agency's single-PDF price, make-payment once, and the business has one credit to use", async () => {
    const res = await t.requestAsUnchecked("customer", "POST", "/pdf-card/pdf-card-payment/order", { body: { businessId: sharma, planId: 1, amount: 1 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.order.amount).toBe(9900);
    expect(rzp.requests.at(-1)?.body.notes).toMatchObject({ product: "pdf-card", planId: "1" });
    const fields = rzp.pay(res.json.order.id);
    const body = { businessId: sharma, planId: 1, ...fields };
    const [a, b] = await Promise.all([
      t.requestAs("customer", "POST", "/pdf-card/pdf-card-payment", { body }),
      t.requestAs("customer", "POST", "/pdf-card/pdf-card-payment", { body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json).toEqual(b.json);
    expect(a.json.planId).toBe(1);
    expect(await unconsumedCredits(t.db, "pdf-card", sharma)).toBe(1);

    const list = await t.requestAs("customer", "GET", "/pdf-card/pdf-card-payment", { query: { businessId: sharma } });
    expect(list.status).toBe(200);
    expect(list.json.list[0]).toMatchObject({ recordNo: a.json.recordNo, product: "pdf-card", status: "paid", amount: 9900, throughGateway: true, used: false });

    // A PDF export uses it (the later PDF issue calls this inside its transaction), once.
    const [pdf] = await t.db
      .insert(pdfCards)
      .values({ agencyId: platformId, businessId: sharma, companyName: "Sharma Sweets", registeredPhoneNumber: "9876543210", templateCode: "t1" })
      .returning();
    expect(await t.db.transaction((tx) => consumeCredit(tx, "pdf-card", sharma, pdf.pdfCardNo))).toBe(a.json.recordNo);
    expect(await t.db.transaction((tx) => consumeCredit(tx, "pdf-card", sharma, pdf.pdfCardNo))).toBeNull();
    expect(await unconsumedCredits(t.db, "pdf-card", sharma)).toBe(0);
    const usedList = await t.requestAs("customer", "GET", "/pdf-card/pdf-card-payment", { query: { businessId: sharma } });
    expect(usedList.json.list[0].used).toBe(true);
    // A used credit cannot be reversed.
    expect((await t.requestAs("admin", "DELETE", "/pdf-card/pdf-card-payment", { query: { recordNo: a.json.recordNo } })).status).toBe(409);
  });

  test("a forged signature is refused; an unknown PDF plan is 404; an agency without PDF cards is 404", async () => {
    const res = await t.requestAs("customer", "POST", "/pdf-card/pdf-card-payment/order", { body: { businessId: sharma, planId: 1 } });
    const forged = await t.requestAs("customer", "POST", "/pdf-card/pdf-card-payment", {
      body: { businessId: sharma, planId: 1, ...rzp.pay(res.json.order.id), razorpay_signature: "a".repeat(64) },
    });
    expect(forged.status).toBe(400);
    expect((await t.requestAs("customer", "POST", "/pdf-card/pdf-card-payment/order", { body: { businessId: sharma, planId: 99 } })).status).toBe(404);
    const sunrise = await t.requestAs("otherAgencyCustomer", "POST", "/pdf-card/pdf-card-payment/order", { body: { businessId: dental, planId: 1 } });
    expect(sunrise.status).toBe(403); // online payment off there: contact the admin
  });

  test("staff record one by hand (flag + amount); a customer may not; reversing refunds the unused credit, once", async () => {
    const before = await unconsumedCredits(t.db, "pdf-card", sharma);
    const refused = await t.requestAs("customer", "POST", "/pdf-card/pdf-card-payment", { body: { businessId: sharma, planId: 1, isManualUpdate: true, paymentAmount: 5000 } });
    expect(refused.status).toBe(403);
    const manual = await t.requestAs("admin", "POST", "/pdf-card/pdf-card-payment", { body: { businessId: sharma, planId: 1, isManualUpdate: true, paymentAmount: 5000 } });
    expect(manual.status, manual.text).toBe(200);
    const [row] = await t.db.select().from(pdfCardPayments).where(eq(pdfCardPayments.recordNo, manual.json.recordNo));
    expect(row).toMatchObject({ status: "paid", amount: 5000, isManualUpdate: true, throughGateway: false, razorpayOrderId: null });
    expect(await unconsumedCredits(t.db, "pdf-card", sharma)).toBe(before + 1);

    const del = await t.requestAs("admin", "DELETE", "/pdf-card/pdf-card-payment", { query: { recordNo: manual.json.recordNo } });
    expect(del.json).toEqual({ recordNo: manual.json.recordNo, status: "refunded", changed: true });
    const again = await t.requestAs("admin", "DELETE", "/pdf-card/pdf-card-payment", { query: { recordNo: manual.json.recordNo } });
    expect(again.json).toEqual({ recordNo: manual.json.recordNo, status: "refunded", changed: false });
    expect(await unconsumedCredits(t.db, "pdf-card", sharma)).toBe(before);
    // Another agency's admin does not see it.
    const other = await t.requestAs("otherAgencyAdmin", "DELETE", "/pdf-card/pdf-card-payment", { query: { recordNo: manual.json.recordNo } });
    expect(other.status).toBe(404);
  });

  test("a double click on a manual PDF card or video payment records one credit, not two", async () => {
    for (const [product, path, extra] of [
      ["pdf-card", "/pdf-card/pdf-card-payment", { planId: 1 }],
      ["user-video", "/video/user-video-payment", { templateId }],
    ] as const) {
      const before = await unconsumedCredits(t.db, product, gupta);
      const body = { businessId: gupta, ...extra, isManualUpdate: true as const, paymentAmount: 4321 };
      const [a, b] = await Promise.all([t.requestAsUnchecked("admin", "POST", path, { body }), t.requestAsUnchecked("admin", "POST", path, { body })]);
      expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
      expect(a.json.recordNo).toBe(b.json.recordNo);
      expect(await unconsumedCredits(t.db, product, gupta)).toBe(before + 1);
    }
  });

  test("a business the caller may not see is 404 in the list", async () => {
    expect((await t.requestAs("foreignCustomer", "GET", "/pdf-card/pdf-card-payment", { query: { businessId: sharma } })).status).toBe(404);
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/pdf-card/pdf-card-payment", { query: { businessId: sharma } })).status).toBe(404);
  });
});

describe("user video payments", () => {
  test("order at the agency's video price; the webhook grants it when the browser never came back", async () => {
    const res = await t.requestAs("customer", "POST", "/video/user-video-payment/order", { body: { businessId: sharma, templateId } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.order.amount).toBe(DEFAULT_VIDEO_PRICE_PAISE);
    const fields = rzp.pay(res.json.order.id);
    const w = rzp.webhook("payment.captured", fields.razorpay_payment_id);
    const hook = await t.requestUnchecked("POST", "/razorpay/webhook", { rawBody: w.body, headers: w.headers });
    expect(hook.json.action).toBe("granted");
    const [row] = await t.db.select().from(userVideoPayments).where(eq(userVideoPayments.razorpayOrderId, res.json.order.id));
    expect(row.status).toBe("paid");
    expect(await unconsumedCredits(t.db, "user-video", sharma)).toBe(1);

    const late = await t.requestAs("customer", "POST", "/video/user-video-payment", { body: { businessId: sharma, templateId, ...fields } });
    expect(late.status).toBe(200);
    expect(late.json).toEqual({ planId: templateId, recordNo: row.recordNo });
    expect(await unconsumedCredits(t.db, "user-video", sharma)).toBe(1);
  });

  test("an unknown template is 404; the list shows the business's payments", async () => {
    expect((await t.requestAs("customer", "POST", "/video/user-video-payment/order", { body: { businessId: sharma, templateId: 999_999 } })).status).toBe(404);
    const list = await t.requestAs("admin", "GET", "/video/user-video-payment", { query: { businessId: sharma } });
    expect(list.status).toBe(200);
    expect(list.json.list.some((p: { status: string }) => p.status === "paid")).toBe(true);
  });
});

describe("agency PDF card payment config", () => {
  test("the platform's admin sets an agency's prices; that agency's admin reads its own and nobody else's", async () => {
    const plans = [{ id: 1, price: 4900, name: "Single PDF" }];
    const saved = await t.requestAs("admin", "POST", "/agency-pdf-card-payment", { body: { agencyId: sunriseId, plans } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ agencyId: sunriseId, plans });
    const own = await t.requestAs("otherAgencyAdmin", "GET", "/agency-pdf-card-payment");
    expect(own.json).toEqual({ agencyId: sunriseId, plans });
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/agency-pdf-card-payment", { query: { agencyId: platformId } })).status).toBe(404);
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/agency-pdf-card-payment", { body: { plans: [] } })).status).toBe(403);
    const dup = await t.requestAs("admin", "POST", "/agency-pdf-card-payment", { body: { agencyId: sunriseId, plans: [plans[0], plans[0]] } });
    expect(dup.status).toBe(409);
  });
});
