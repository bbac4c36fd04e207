/**
 * GET /image-post/{imageId}/branded and the frame settings: the post with the business's frame
 * as a 1080 px JPEG, ETag/304, a new image when the phone or the logo changes, the frame the plan
 * hides refused, access like the post (404 for anyone else's business), downloads counted
 * against the plan's greeting limit (403 upgrade). And the Devanagari text renders with the
 * embedded Noto fonts (shaped conjuncts, not boxes).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { businesses, cards } from "#server/db/schema/business.ts";
import { brandBusiness } from "#server/api/greetings/frame.ts";
import { AA_CONTRAST, contrastWithWhite, nearestPassingShade } from "#contracts/brand-colour.ts";
import { ROLES, createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";
import { FONT_FAMILIES, ensureFonts } from "#server/services/branding/fonts.ts";
import { renderFrameOverlay } from "#server/services/branding/overlay.ts";
import { clearBrandingCaches } from "#server/services/branding/branding.ts";

let t: TestApi;
let sharma: typeof businesses.$inferSelect;
let posts: { imageId: number; url: string }[];
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApi();
  [sharma] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Sharma Sweets"));
  const res = await t.requestAs("customer", "GET", "/image-post", { query: { date: today, mediaType: "IMAGE", postShape: "SQUARE", pageSize: 10 } });
  posts = res.json.list;
  clearBrandingCaches();
});
afterAll(() => t?.close());

async function branded(role: RoleName, imageId: number, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) {
  const url = new URL(`http://${ROLES[role].host}/api/v1/image-post/${imageId}/branded`);
  for (const [k, v] of Object.entries({ businessId: sharma.businessId, ...query })) url.searchParams.set(k, String(v));
  const res = await t.api.request(url.toString(), { headers: { cookie: await t.signInAs(role), "x-panel-client-ip": "198.51.100.7", ...headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(bytes.toString()) };
}

/** Mean absolute difference per channel between two same-size images, over a horizontal band (fractions of the height). */
async function difference(a: Uint8Array, b: Uint8Array, from: number, to: number) {
  const raw = async (x: Uint8Array) => sharp(x).resize(270, 270).removeAlpha().raw().toBuffer();
  const [ra, rb] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(from * 270); y < Math.floor(to * 270); y++)
    for (let x = 0; x < 270 * 3; x++) {
      sum += Math.abs(ra[y * 810 + x] - rb[y * 810 + x]);
      n++;
    }
  return sum / n;
}

describe("the card's colour on the frame (issue 26)", () => {
  test("without a frame colour of its own, the band takes the card's theme colour, darkened until white text reads on it", async () => {
    const [card] = await t.db.select().from(cards).where(eq(cards.businessId, sharma.businessId));
    const frameBefore = sharma.frameSettings;
    try {
      await t.db.update(businesses).set({ frameSettings: { ...frameBefore, primaryColor: undefined } }).where(eq(businesses.businessId, sharma.businessId));
      await t.db.update(cards).set({ settings: { ...card!.settings, themeColor: "#fb8c00" } }).where(eq(cards.cardId, card!.cardId));
      const b = await brandBusiness(t.db, null, sharma.agencyId, sharma.businessId);
      expect(b.details.primaryColor).toBe(nearestPassingShade("#fb8c00"));
      expect(contrastWithWhite(b.details.primaryColor!)).toBeGreaterThanOrEqual(AA_CONTRAST);
      // The owner's own frame colour still wins.
      await t.db.update(businesses).set({ frameSettings: { ...frameBefore, primaryColor: "#1b5e20" } }).where(eq(businesses.businessId, sharma.businessId));
      expect((await brandBusiness(t.db, null, sharma.agencyId, sharma.businessId)).details.primaryColor).toBe("#1b5e20");
    } finally {
      await t.db.update(businesses).set({ frameSettings: frameBefore }).where(eq(businesses.businessId, sharma.businessId));
      await t.db.update(cards).set({ settings: card!.settings }).where(eq(cards.cardId, card!.cardId));
    }
  });
});

describe("the card's fonts on the frame (issue 26)", () => {
  test("a serif theme's frame draws the name in Noto Serif: other details version, other ETag, other pixels in the band only; a sans theme keeps the version it had", async () => {
    const [card] = await t.db.select().from(cards).where(eq(cards.businessId, sharma.businessId));
    const inTheme = async (template: typeof card.template) => {
      await t.db.update(cards).set({ template }).where(eq(cards.cardNo, card.cardNo));
      const b = await brandBusiness(t.db, null, sharma.agencyId, sharma.businessId);
      const image = await branded("customer", posts[0].imageId);
      expect(image.status).toBe(200);
      return { b, image };
    };
    try {
      const sans = await inTheme("style-1");
      const serif = await inTheme("letterhead");
      const otherSans = await inTheme("style-2");
      const mixed = await inTheme("storefront");
      expect(sans.b.details.fonts).toBeUndefined();
      expect(serif.b.details.fonts).toEqual({ head: "serif", body: "serif" });
      expect(mixed.b.details.fonts).toEqual({ head: "serif", body: "sans" });
      // The frame's cache key and the image's ETag name the fonts; every sans theme is the one frame it was before.
      expect(serif.b.version).not.toBe(sans.b.version);
      expect(mixed.b.version).not.toBe(serif.b.version);
      expect(otherSans.b.version).toBe(sans.b.version);
      expect(serif.image.headers.get("etag")).not.toBe(sans.image.headers.get("etag"));
      expect(otherSans.image.headers.get("etag")).toBe(sans.image.headers.get("etag"));
      // The band (bottom 19 %) differs, the post above it does not.
      expect(await difference(serif.image.bytes, sans.image.bytes, 0.83, 1)).toBeGreaterThan(1);
      expect(await difference(serif.image.bytes, sans.image.bytes, 0, 0.75)).toBeLessThan(0.5);
    } finally {
      await t.db.update(cards).set({ template: card.template }).where(eq(cards.cardNo, card.cardNo));
    }
  });

  test("the head font draws the name, the body font the contact line: each changes only its own text", async () => {
    const settings = { frameName: "frame7", height: "HEIGHT-2", display: "all-details" } as const;
    const details = { name: "शर्मा स्वीट्स Sharma Sweets", phone: "+91 98765 43210", email: "hello@sharmasweets.in" };
    const draw = async (fonts?: { head: "sans" | "serif" | "mono"; body: "sans" | "serif" | "mono" }) =>
      sharp(await renderFrameOverlay({ details: { ...details, fonts }, settings, width: 1080, height: 1080 })).raw().toBuffer();
    const [sans, serifHead, serifBody, mono] = await Promise.all([draw(), draw({ head: "serif", body: "sans" }), draw({ head: "sans", body: "serif" }), draw({ head: "mono", body: "sans" })]);
    /** Changed pixels in rows [from, to) of the 1080-px frame. */
    const changed = (a: Buffer, b: Buffer, from: number, to: number) => {
      let n = 0;
      for (let i = from * 1080 * 4; i < to * 1080 * 4; i += 4) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) n++;
      return n;
    };
    // The band's text: the name in its upper part, the contact line in its lower (frame7, HEIGHT-2: 205 px band, 25 px padding).
    const bandTop = 1080 - Math.round(1080 * 0.19);
    const split = bandTop + 25 + Math.round((205 - 50) * 0.58);
    expect(changed(sans, serifHead, bandTop, split)).toBeGreaterThan(1000);
    expect(changed(sans, serifHead, split, 1080)).toBe(0);
    expect(changed(sans, serifBody, bandTop, split)).toBe(0);
    expect(changed(sans, serifBody, split, 1080)).toBeGreaterThan(300);
    expect(changed(sans, mono, bandTop, split)).toBeGreaterThan(1000);
    expect(changed(sans, sans, 0, 1080)).toBe(0);
  });
});

describe("branded images", () => {
  test("a customer gets today's post with their frame: 1080×1080 JPEG, different from the post only where the frame is", async () => {
    const post = posts[0];
    const res = await branded("customer", post.imageId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(res.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1080, 1080]);
    const raw = (await t.deps.storage.get(post.url.replace(/^\/uploads\//, "")))!.bytes;
    // frame7 HEIGHT-2: a band over the bottom ~19%; the top of the picture is the post's own.
    expect(await difference(res.bytes, raw, 0.85, 1)).toBeGreaterThan(20);
    expect(await difference(res.bytes, raw, 0, 0.6)).toBeLessThan(4);
  });

  test("ETag: the same request again is 304; a new phone or logo gives a new image", async () => {
    const id = posts[1].imageId;
    const first = await branded("customer", id);
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await branded("customer", id, {}, { "if-none-match": etag })).status).toBe(304);

    await t.db.update(businesses).set({ phoneNumber: "+919812345678" }).where(eq(businesses.businessId, sharma.businessId));
    const phone = await branded("customer", id, {}, { "if-none-match": etag });
    expect(phone.status).toBe(200);
    expect(phone.headers.get("etag")).not.toBe(etag);
    expect(await difference(phone.bytes, first.bytes, 0.8, 1)).toBeGreaterThan(0.3);

    const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#c92a2a" } }).png().toBuffer();
    await t.deps.storage.put("1/business-logo/1/abcdef0123456789abcdef0123456789.png", logo, "image/png");
    await t.db.update(businesses).set({ logoUrl: "/uploads/1/business-logo/1/abcdef0123456789abcdef0123456789.png" }).where(eq(businesses.businessId, sharma.businessId));
    const withLogo = await branded("customer", id);
    expect(withLogo.headers.get("etag")).not.toBe(phone.headers.get("etag"));
    // The logo sits at the band's left: red there now.
    const { data, info } = await sharp(withLogo.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r, g, b] = at(110, 1080 - 100);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);
  });

  test("frame, height and display override the saved settings; each is its own image", async () => {
    const id = posts[2].imageId;
    const base = await branded("customer", id);
    const frame2 = await branded("customer", id, { frame: "frame2", height: "HEIGHT-3" });
    expect(frame2.status).toBe(200);
    expect(frame2.headers.get("etag")).not.toBe(base.headers.get("etag"));
    expect(await difference(frame2.bytes, base.bytes, 0.75, 1)).toBeGreaterThan(10);
    const logoOnly = await branded("customer", id, { display: "only-logo" });
    expect(logoOnly.status).toBe(200);
    const preview = await branded("customer", id, { size: "preview" });
    expect((await sharp(preview.bytes).metadata()).width).toBe(540);
    expect((await branded("customer", id, { frame: "frame9" })).status).toBe(422);
  });

  test("access like the post: another customer's business, another agency's customer: 404", async () => {
    const id = posts[0].imageId;
    expect((await branded("otherAgencyCustomer", id)).status).toBe(404);
    expect((await branded("foreignCustomer", id)).status).toBe(404);
    expect((await branded("customer", 999999)).status).toBe(404);
    // Staff who see the business may preview it.
    expect((await branded("admin", id)).status).toBe(200);
    expect((await branded("otherAgencyAdmin", id)).status).toBe(404);
  });
});

describe("signed URLs", () => {
  test("frame-settings' token and version let the image load without a session; a wrong token or an old version does not", async () => {
    const id = posts[0].imageId;
    const fs = await t.requestAs("customer", "GET", "/image-post/frame-settings", { query: { businessId: sharma.businessId } });
    const { version, token } = fs.json as { version: string; token: string };
    const anonymous = async (query: Record<string, string | number>) => {
      const url = new URL(`http://${ROLES.customer.host}/api/v1/image-post/${id}/branded`);
      for (const [k, v] of Object.entries({ businessId: sharma.businessId, ...query })) url.searchParams.set(k, String(v));
      const res = await t.api.request(url.toString(), { headers: { "x-panel-client-ip": "198.51.100.8" } });
      return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const first = await anonymous({ v: version, t: token, size: "preview" });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/private, max-age=/);
    const again = await anonymous({ v: version, t: token, size: "preview" });
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
    expect((await anonymous({ v: version, t: `${token.split(".")[0]}.${"x".repeat(32)}` })).status).toBe(401);
    expect((await anonymous({ v: "other", t: token })).status).toBe(401);
    expect((await anonymous({})).status).toBe(401);
    // Another business's id with this token: not valid for it.
    const [gupta] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Gupta Electricals"));
    expect((await anonymous({ businessId: gupta.businessId, v: version, t: token })).status).toBe(401);
    // The token is the agency's: another agency's host refuses it.
    const other = await t.api.request(`http://${ROLES.otherAgencyCustomer.host}/api/v1/image-post/${id}/branded?businessId=${sharma.businessId}&v=${version}&t=${token}`);
    expect(other.status).toBe(401);
  });
});

describe("frame settings", () => {
  test("saved per business; a frame the plan hides is refused and not used", async () => {
    const get = await t.requestAs("customer", "GET", "/image-post/frame-settings", { query: { businessId: sharma.businessId } });
    expect(get.status).toBe(200);
    expect(get.json.settings).toMatchObject({ frameName: "frame7", height: "HEIGHT-2", display: "all-details" });
    expect(get.json.videosIncluded).toBe(true); // the platform includes greeting videos (seed)
    const put = await t.requestAs("customer", "PUT", "/image-post/frame-settings", {
      body: { businessId: sharma.businessId, frameName: "frame3", height: "HEIGHT-1", display: "all-details", show: { email: false, address: false } },
    });
    expect(put.status).toBe(200);
    expect(put.json.settings).toEqual({ frameName: "frame3", height: "HEIGHT-1", display: "all-details", show: { email: false, address: false } });
    expect(put.json.version).not.toBe(get.json.version);

    await t.db.update(businesses).set({ frameVisibility: { hideRegularFrame: false, hideProductFrame: true, hidePoliticalFrame: true } }).where(eq(businesses.businessId, sharma.businessId));
    const hidden = await t.requestAs("customer", "PUT", "/image-post/frame-settings", { body: { businessId: sharma.businessId, frameName: "frame2", height: "HEIGHT-1", display: "all-details", show: {} } });
    expect(hidden.status).toBe(422);
    const now = await t.requestAs("customer", "GET", "/image-post/frame-settings", { query: { businessId: sharma.businessId } });
    expect(now.json.allowedFrames).toEqual(["frame7"]);
    // The saved frame3 is hidden by the plan now: the frame falls back to one it shows.
    expect(now.json.settings.frameName).toBe("frame7");
    expect((await branded("customer", posts[0].imageId, { frame: "frame2" })).status).toBe(404);
    await t.db.update(businesses).set({ frameVisibility: null }).where(eq(businesses.businessId, sharma.businessId));

    expect((await t.requestAs("otherAgencyCustomer", "GET", "/image-post/frame-settings", { query: { businessId: sharma.businessId } })).status).toBe(404);
  });
});

describe("downloads and the plan's greeting limit", () => {
  test("each post counts once a day; past the limit it is 403 with upgrade", async () => {
    const limits = { ...sharma.planLimits!, greetingImagesIncluded: true, greetingImagesLimit: 2 };
    await t.db.update(businesses).set({ planLimits: limits }).where(eq(businesses.businessId, sharma.businessId));
    const [a, b, c] = posts;
    const first = await branded("customer", a.imageId, { download: "true" });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-disposition")).toMatch(/attachment/);
    expect((await branded("customer", a.imageId, { download: "true" })).status).toBe(200);
    expect((await branded("customer", b.imageId, { download: "true" })).status).toBe(200);
    const refused = await branded("customer", c.imageId, { download: "true" });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ upgrade: true, message: expect.stringMatching(/2 greeting images today/) });
    // Looking (not downloading) is not counted.
    expect((await branded("customer", c.imageId)).status).toBe(200);
  });
});

describe("Devanagari text", () => {
  const render = async (text: string, font = `${FONT_FAMILIES} 48px`) =>
    sharp({ text: { text, font, rgba: true, dpi: 72 } }).png().toBuffer({ resolveWithObject: true });

  test("conjuncts are shaped by Noto Sans Devanagari (one glyph), not drawn as boxes", async () => {
    await ensureFonts();
    const ka = await render("क");
    const ksha = await render("क्ष"); // three code points, one conjunct glyph
    expect(ksha.info.width).toBeLessThan(ka.info.width * 1.6);
    // The same text through the Devanagari font file alone gives the same pixels: the fallback chain found it.
    const only = await render("शर्मा स्वीट्स", "Noto Sans Devanagari 48px");
    const chain = await render("शर्मा स्वीट्स");
    expect(chain.info.width).toBe(only.info.width);
    expect(Buffer.compare(chain.data, only.data)).toBe(0);
  });

  test("a Hindi business name is drawn in the frame, fitted into the band", async () => {
    const details = { name: "शर्मा स्वीट्स एंड नमकीन भंडार प्राइवेट लिमिटेड", phone: "+91 98765 43210" };
    const settings = { frameName: "frame7", height: "HEIGHT-2", display: "all-details" } as const;
    const withName = await renderFrameOverlay({ details, settings, width: 1080, height: 1080 });
    const without = await renderFrameOverlay({ details: { ...details, name: "" }, settings, width: 1080, height: 1080 });
    const alpha = async (png: Buffer) => sharp(png).extractChannel(3).raw().toBuffer();
    const [a, b] = await Promise.all([alpha(withName), alpha(without)]);
    // Nothing outside the band (bottom 19%) in either; the name's pixels are inside it.
    const bandTop = 1080 - Math.round(1080 * 0.19);
    let outside = 0;
    let changed = 0;
    for (let i = 0; i < a.length; i++) {
      if (Math.floor(i / 1080) < bandTop && a[i] !== 0) outside++;
    }
    const ra = await sharp(withName).raw().toBuffer();
    const rb = await sharp(without).raw().toBuffer();
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) changed++;
    expect(outside).toBe(0);
    expect(b.length).toBe(a.length);
    expect(changed).toBeGreaterThan(2000);
  });
});
