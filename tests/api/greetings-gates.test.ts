/**
 * The two gates on a customer's greeting images (ADR 0021 "Gates"):
 * - an agency whose greeting-image bill is unpaid past its grace (ADR 0023): its customers get
 *   404 with the reason and whom to contact, on the frame settings, the branded image (session
 *   and signed URL), the download and the overlay; its staff, other agencies' customers and the
 *   customers' cards are not affected; a payment reopens them;
 * - the card's switch and settings (ADR 0017): off (set by staff) refuses with a message, an
 *   untouched card's default `false` does not; allowedFrames narrows the plan's frames; the
 *   daily image limit overrides the plan's.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { agencies } from "#server/db/schema/core.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { ROLES, createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";
import { clearBrandingCaches } from "#server/services/branding/branding.ts";
import { issueBrandToken } from "#server/api/greetings/brand-token.ts";

let t: TestApi;
let sunriseId: number;
let sharma: { businessId: number; cardNo: number };
let dental: { businessId: number; cardNo: number };

async function businessAndCard(name: string) {
  const [b] = await t.db.select().from(businesses).where(eq(businesses.businessName, name));
  const [c] = await t.db.select().from(cards).where(and(eq(cards.businessId, b.businessId), isNull(cards.deletedAt)));
  return { businessId: b.businessId, cardNo: c.cardNo };
}

beforeAll(async () => {
  t = await createTestApi();
  sunriseId = (await t.db.select().from(agencies).where(eq(agencies.host, ROLES.otherAgencyAdmin.host)))[0].id;
  // Before any request reads Sunrise (the API keeps agency rows a few seconds).
  await t.db.update(agencies).set({ createdAt: new Date(Date.now() - 20 * 86_400_000) }).where(eq(agencies.id, sunriseId));
  sharma = await businessAndCard("Sharma Sweets");
  dental = await businessAndCard("Smile Care Dental Clinic");
  clearBrandingCaches();
});
afterAll(() => t?.close());

async function firstPost(role: RoleName) {
  const res = await t.requestAs(role, "GET", "/image-post", { query: { mediaType: "IMAGE", pageSize: 3 } });
  expect(res.status, res.text).toBe(200);
  return res.json.list as { imageId: number }[];
}

async function branded(role: RoleName, imageId: number, query: Record<string, string | number>, signedOnly = false) {
  const url = new URL(`http://${ROLES[role].host}/api/v1/image-post/${imageId}/branded`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { "x-panel-client-ip": "198.51.100.7" };
  if (!signedOnly) headers.cookie = await t.signInAs(role);
  const res = await t.api.request(url.toString(), { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, json: () => JSON.parse(bytes.toString()) as { message: string; upgrade?: boolean } };
}

const frameSettings = (role: RoleName, businessId: number) => t.requestAs(role, "GET", "/image-post/frame-settings", { query: { businessId } });

describe("an agency's unpaid greeting-image bill", () => {
  test("pauses its customers' greeting images with the reason and whom to contact; staff, other agencies and cards are unaffected; paying reopens them", async () => {
    // Sunrise (set in beforeAll) joined 20 days ago and never paid its ₹499 a month: past the 10 days' grace.
    const [sunrise] = await t.db.select().from(agencies).where(eq(agencies.id, sunriseId));
    const refused = await frameSettings("otherAgencyCustomer", dental.businessId);
    expect(refused.status).toBe(404); // like "image posts off": not a 403 (that signs the customer out)
    expect(refused.json.message).toMatch(/Greeting images are paused because Sunrise Media's greeting-image service bill is unpaid/);
    expect(refused.json.message).toMatch(/digital card is not affected/);
    expect(refused.json.message).toContain("Please contact Sunrise Media");
    expect(refused.json.message).toContain(sunrise.adminEmail!);

    const [post] = await firstPost("otherAgencyCustomer");
    const session = await branded("otherAgencyCustomer", post.imageId, { businessId: dental.businessId });
    expect(session.status).toBe(404);
    expect(session.json().message).toMatch(/paused/);
    const download = await branded("otherAgencyCustomer", post.imageId, { businessId: dental.businessId, download: "true" });
    expect(download.status).toBe(404);
    const overlay = await t.requestAs("otherAgencyCustomer", "GET", "/image-post/frame-overlay", { query: { businessId: dental.businessId } });
    expect(overlay.status).toBe(404);
    const save = await t.requestAs("otherAgencyCustomer", "PUT", "/image-post/frame-settings", {
      body: { businessId: dental.businessId, frameName: "frame7", height: "HEIGHT-2", display: "all-details", show: {} },
    });
    expect(save.status).toBe(404);

    // The agency's own staff still see their customer's frame (their banner says why it is paused).
    const staff = await frameSettings("otherAgencyAdmin", dental.businessId);
    expect(staff.status, staff.text).toBe(200);
    // A signed image URL as handed out before the pause (same business, current version) no longer serves.
    const signed = { businessId: dental.businessId, v: staff.json.version, t: issueBrandToken(t.config.sessionSecret, sunriseId, dental.businessId, staff.json.version, new Date()) };
    expect((await branded("otherAgencyCustomer", post.imageId, signed, true)).status).toBe(404);

    // The customer's digital card is not affected.
    const card = await t.requestAs("otherAgencyCustomer", "GET", "/getCardsByBusiness", { query: { businessId: dental.businessId } });
    expect(card.status, card.text).toBe(200);
    expect(card.json.cards).toHaveLength(1);
    // The platform's customers are not affected.
    expect((await frameSettings("customer", sharma.businessId)).status).toBe(200);

    // The platform records a month paid: open again, signed URLs too.
    const paid = await t.requestAs("admin", "POST", "/agency-image-payment", { body: { agencyId: sunriseId, isManualUpdate: true, note: "Cash" } });
    expect(paid.status, paid.text).toBe(200);
    expect((await frameSettings("otherAgencyCustomer", dental.businessId)).status).toBe(200);
    expect((await branded("otherAgencyCustomer", post.imageId, signed, true)).status).toBe(200);
  });
});

describe("the card's greeting switch and settings", () => {
  const allPlaces = ["HOME_PAGE", "GREETING_IMAGE_PAGE", "COMMON"];

  test("an untouched card (imagePostEnabled false by default) keeps greeting images; staff switching it off closes them with a message, on opens them", async () => {
    await t.db.update(cards).set({ imagePostEnabled: false }).where(eq(cards.cardNo, sharma.cardNo));
    expect((await frameSettings("customer", sharma.businessId)).status).toBe(200);

    const off = await t.requestAs("admin", "POST", "/updateImagePostStatus", { body: { cardNo: sharma.cardNo, imagePostEnabled: false } });
    expect(off.status, off.text).toBe(200);
    const refused = await frameSettings("customer", sharma.businessId);
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe("Greeting images are switched off for this business. Please contact your agency to switch them on.");
    const [post] = await firstPost("customer");
    expect((await branded("customer", post.imageId, { businessId: sharma.businessId, download: "true" })).status).toBe(404);
    // Twice (a double submit) is the same state.
    expect((await t.requestAs("admin", "POST", "/updateImagePostStatus", { body: { cardNo: sharma.cardNo, imagePostEnabled: false } })).status).toBe(200);
    expect((await frameSettings("customer", sharma.businessId)).status).toBe(404);

    const on = await t.requestAs("admin", "POST", "/updateImagePostStatus", { body: { cardNo: sharma.cardNo, imagePostEnabled: true } });
    expect(on.status, on.text).toBe(200);
    expect((await frameSettings("customer", sharma.businessId)).status).toBe(200);
    // The card itself (its page) never depended on the switch.
    expect((await t.requestAs("customer", "GET", "/getCardsByBusiness", { query: { businessId: sharma.businessId } })).status).toBe(200);
  });

  test("allowedFrames narrows the plan's frames; the daily image limit overrides the plan's; clearing them restores the plan's", async () => {
    const plan = await frameSettings("customer", sharma.businessId);
    expect(plan.json.allowedFrames).toContain("frame7");
    expect(plan.json.allowedFrames.length).toBeGreaterThan(1);

    const set = await t.requestAs("admin", "POST", "/updateImagePostSettings", {
      body: { cardNo: sharma.cardNo, allowedFrames: ["frame2", "frame3"], placements: allPlaces, dailyImageLimit: 1 },
    });
    expect(set.status, set.text).toBe(200);
    const narrowed = await frameSettings("customer", sharma.businessId);
    expect(narrowed.status).toBe(200);
    expect(narrowed.json.allowedFrames).not.toContain("frame7");
    expect(narrowed.json.allowedFrames.every((f: string) => plan.json.allowedFrames.includes(f))).toBe(true);
    expect(narrowed.json.greetingImages.limit).toBe(1);
    const hidden = await t.requestAs("customer", "PUT", "/image-post/frame-settings", {
      body: { businessId: sharma.businessId, frameName: "frame7", height: "HEIGHT-2", display: "all-details", show: {} },
    });
    expect(hidden.status).toBe(422);
    expect(hidden.json.message).toBe("Your plan does not include this frame.");
    // The saved frame7 is replaced by an allowed one on the image (frame7 asked for explicitly is refused).
    const [a, b] = await firstPost("customer");
    expect((await branded("customer", a.imageId, { businessId: sharma.businessId, frame: "frame7" })).status).toBe(404);

    // One download a day for this card, whatever the plan says (the seed's plan allows more).
    const used = narrowed.json.greetingImages.used as number;
    const first = await branded("customer", a.imageId, { businessId: sharma.businessId, download: "true" });
    if (used === 0) expect(first.status).toBe(200);
    const second = await branded("customer", b.imageId, { businessId: sharma.businessId, download: "true" });
    expect(second.status).toBe(403);
    expect(second.json()).toMatchObject({ upgrade: true });

    const cleared = await t.requestAs("admin", "POST", "/updateImagePostSettings", { body: { cardNo: sharma.cardNo, allowedFrames: ["frame7", "frame2", "frame3"], placements: allPlaces } });
    expect(cleared.status, cleared.text).toBe(200);
    const back = await frameSettings("customer", sharma.businessId);
    expect(back.json.allowedFrames).toEqual(plan.json.allowedFrames);
    expect(back.json.greetingImages.limit).toBe(plan.json.greetingImages.limit);
    expect((await branded("customer", b.imageId, { businessId: sharma.businessId, download: "true" })).status).toBe(200);
  });
});
