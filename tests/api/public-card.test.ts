/**
 * The public card's API (ADR 0008): the read the page renders, the enquiry form's spam rules,
 * vCard, QR, og:image and the buffered counters, as a visitor's browser would call them.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { businesses, cardDailyStats, cards, feedback } from "#server/db/schema/business.ts";
import { flushCardStats } from "#server/services/card-stats.ts";
import { indiaDate } from "#contracts/india-time.ts";
import { foldLine } from "#server/services/vcard.ts";
import { createPublicCardCache } from "#server/web/public-card-cache.ts";
import { formatPrice, mapHref, upiHref, whatsappShareHref } from "#contracts/format.ts";
import { createTestApi, SECOND_AGENCY_HOST, type TestApi } from "../support/api-harness.ts";

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());
afterEach(() => t.clock.reset());

const cardRow = async (cardId: string) => (await t.db.select().from(cards).where(eq(cards.cardId, cardId)))[0];
const read = (cardId: string, host?: string) => t.request("GET", `/public-card/${cardId}`, { host });

/** A token as the page got it, then the visitor takes `afterMs` to fill the form in. */
async function freshToken(cardId: string, afterMs = 4 * SECOND) {
  const res = await read(cardId);
  expect(res.status).toBe(200);
  t.clock.advance(afterMs);
  return res.json.enquiryToken as string;
}

let seq = 0;
const enquiry = (over: Record<string, unknown> = {}) => ({
  name: "Neha Verma",
  phoneNumber: "98111 22334",
  email: "neha@example.com",
  message: `Do you take bulk orders for Diwali? (#${++seq})`,
  ...over,
});
const send = (cardId: string, body: unknown, ip?: string) => t.requestUnchecked("POST", `/public-card/${cardId}/enquiry`, { body, ip });
const feedbackFor = async (cardNo: number, message: string) =>
  t.db.select().from(feedback).where(and(eq(feedback.cardNo, cardNo), eq(feedback.message, message)));

describe("GET /public-card/{cardId}", () => {
  test("a live card: sections in order with titles, contact details, agency, a form token", async () => {
    const res = await read("sharma-sweets");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      state: "live",
      cardId: "sharma-sweets",
      publicUrl: "http://localhost/sharma-sweets",
      agency: { name: "Card Panel" },
      businessName: "Sharma Sweets",
    });
    const card = res.json.card;
    expect(card.template).toBe("style-1");
    expect(card.themeColor).toBe("#e65100");
    expect(card.basic).toMatchObject({ name: "Rajesh Sharma", companyName: "Sharma Sweets", phoneNumber: "+919876543210", whatsappNumber: "+919876543210" });
    expect(card.sections.map((s: { key: string }) => s.key)).toEqual(["about", "links", "products", "paymentOptions", "feedback", "enquiry"]);
    expect(card.sections.find((s: { key: string }) => s.key === "products").title).toBe("Our Sweets");
    expect(card.products[0]).toEqual({ name: "Kaju Katli (500 g)", description: "Cashew fudge with silver varq.", price: 45000 });
    expect(card.payment.upiId).toBe("demo@upi");
    expect(card.payment.bankAccounts[0].ifsc).toBe("SBIN0000001");
    expect(res.json.enquiryToken).toMatch(/^[0-9a-z]+\.[\w-]+$/);
    // Nothing internal leaves: no card number, business id, counters or status.
    expect(JSON.stringify(res.json)).not.toMatch(/cardNo|businessId|viewCount|"status"/);
  });

  test("style-2, the owner's section titles, and price on request", async () => {
    const { json } = await read("iyer-consulting");
    expect(json.state).toBe("live"); // unpaid but never expired: live (ADR 0008)
    expect(json.card.template).toBe("style-2");
    await t.db.update(cards).set({ settings: { sectionTitles: { products: "What we do" }, sectionOrder: ["products", "about"], hiddenSections: ["links"] } }).where(eq(cards.cardId, "iyer-consulting"));
    const after = (await read("iyer-consulting")).json.card;
    expect(after.sections.map((s: { key: string }) => s.key)).toEqual(["products", "about", "feedback", "enquiry"]);
    expect(after.sections[0].title).toBe("What we do");
    await t.db.update(cards).set({ settings: { showSaveContact: true } }).where(eq(cards.cardId, "iyer-consulting"));
  });

  test("the card id is read case-insensitively; an unknown one is 404", async () => {
    expect((await read("Sharma-Sweets")).json.state).toBe("live");
    const unknown = await read("no-such-card");
    expect(unknown.status).toBe(404);
    expect(typeof unknown.json.message).toBe("string");
  });

  test("another agency's host cannot read a card, and its own card shows its own agency", async () => {
    expect((await read("sharma-sweets", SECOND_AGENCY_HOST)).status).toBe(404);
    expect((await read("smile-care-dental")).status).toBe(404);
    const own = await read("smile-care-dental", SECOND_AGENCY_HOST);
    expect(own.status).toBe(200);
    expect(own.json.agency.name).toBe("Sunrise Media");
    expect(own.json.publicUrl).toBe(`http://${SECOND_AGENCY_HOST}/smile-care-dental`);
    for (const asset of ["vcard", "qr.png", "og.jpg"]) {
      expect((await t.request("GET", `/public-card/sharma-sweets/${asset}`, { host: SECOND_AGENCY_HOST })).status).toBe(404);
    }
  });

  test("states: expired business, inactive card, deleted card or business", async () => {
    // Gupta Electricals' plan ran out 10 days ago (seed): the card is dark, its content withheld.
    const expired = await read("gupta-electricals");
    expect(expired.status).toBe(200);
    expect(expired.json).toMatchObject({ state: "expired", businessName: "Gupta Electricals", card: null, enquiryToken: null });

    // Sharma's plan runs for ~300 more days: a year on, it has expired too.
    t.clock.advance(400 * 24 * HOUR);
    expect((await read("sharma-sweets")).json.state).toBe("expired");
    t.clock.reset();

    const iyer = await cardRow("iyer-consulting");
    await t.db.update(cards).set({ status: "inactive" }).where(eq(cards.cardNo, iyer.cardNo));
    expect((await read("iyer-consulting")).json).toMatchObject({ state: "inactive", card: null, businessName: "Iyer Consulting" });
    for (const asset of ["vcard", "qr.svg", "og.jpg"]) expect((await t.request("GET", `/public-card/iyer-consulting/${asset}`)).status).toBe(404);

    await t.db.update(cards).set({ status: "active", deletedAt: new Date() }).where(eq(cards.cardNo, iyer.cardNo));
    expect((await read("iyer-consulting")).json).toMatchObject({ state: "deleted", card: null, businessName: null });

    await t.db.update(cards).set({ deletedAt: null }).where(eq(cards.cardNo, iyer.cardNo));
    await t.db.update(businesses).set({ deletedAt: new Date() }).where(eq(businesses.businessId, iyer.businessId));
    expect((await read("iyer-consulting")).json.state).toBe("deleted");
    await t.db.update(businesses).set({ deletedAt: null }).where(eq(businesses.businessId, iyer.businessId));
    expect((await read("iyer-consulting")).json.state).toBe("live");
  });
});

describe("POST /public-card/{cardId}/enquiry", () => {
  test("an enquiry lands in the owner's feedback as kind 'enquiry'", async () => {
    const card = await cardRow("sharma-sweets");
    const body = enquiry({ token: await freshToken("sharma-sweets") });
    const res = await send("sharma-sweets", body);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ sent: true });
    const [row] = await feedbackFor(card.cardNo, body.message);
    expect(row).toMatchObject({ kind: "enquiry", businessId: card.businessId, agencyId: card.agencyId, name: "Neha Verma", phoneNumber: "+919811122334", email: "neha@example.com" });
  });

  test("feedback needs no phone number; an enquiry does", async () => {
    const token = await freshToken("sharma-sweets");
    const noPhone = await send("sharma-sweets", enquiry({ token, phoneNumber: undefined }));
    expect(noPhone.status).toBe(422);
    expect(noPhone.json.fieldErrors.phoneNumber).toEqual(["A valid phone number is required."]);
    const fb = enquiry({ token, kind: "feedback", phoneNumber: undefined, email: undefined });
    expect((await send("sharma-sweets", fb)).status).toBe(200);
    const [row] = await feedbackFor((await cardRow("sharma-sweets")).cardNo, fb.message);
    expect(row.kind).toBe("feedback");
  });

  test("length limits and a bad phone number are 422 with field messages", async () => {
    const token = await freshToken("sharma-sweets");
    const res = await send("sharma-sweets", enquiry({ token, name: "x".repeat(81), message: "y".repeat(1001), phoneNumber: "12345" }));
    expect(res.status).toBe(422);
    expect(res.json.fieldErrors).toMatchObject({
      name: ["Use at most 80 characters."],
      message: ["Use at most 1000 characters."],
      phoneNumber: ["A valid phone number is required."],
    });
  });

  test("the honeypot: a filled hidden field looks sent but stores nothing", async () => {
    const body = enquiry({ token: await freshToken("sharma-sweets"), website: "http://spam.example" });
    const res = await send("sharma-sweets", body);
    expect(res.status).toBe(200);
    expect(await feedbackFor((await cardRow("sharma-sweets")).cardNo, body.message)).toHaveLength(0);
  });

  test("too fast, stale, forged or another card's token is refused", async () => {
    const cardNo = (await cardRow("sharma-sweets")).cardNo;
    const quick = enquiry({ token: await freshToken("sharma-sweets", 1 * SECOND) });
    const tooFast = await send("sharma-sweets", quick);
    expect(tooFast.status).toBe(400);
    expect(tooFast.json.message).toBe("That was quick! Please wait a few seconds and send it again.");
    expect(await feedbackFor(cardNo, quick.message)).toHaveLength(0);

    const stale = enquiry({ token: await freshToken("sharma-sweets", 25 * HOUR) });
    expect((await send("sharma-sweets", stale)).json.message).toBe("This form has expired. Please send your message again.");

    const token = await freshToken("sharma-sweets");
    const [time, sig] = token.split(".");
    const forged = `${(parseInt(time, 36) - 60_000).toString(36)}.${sig}`;
    for (const bad of [forged, "garbage", `${time}.${sig}.x`, await freshToken("iyer-consulting")]) {
      const res = await send("sharma-sweets", enquiry({ token: bad }));
      expect(res.status, bad).toBe(400);
    }
    expect((await send("sharma-sweets", enquiry({ token: undefined }))).status).toBe(422);
  });

  test("a double submit stores one row", async () => {
    const body = enquiry({ token: await freshToken("sharma-sweets") });
    const [a, b] = await Promise.all([send("sharma-sweets", body), send("sharma-sweets", body)]);
    const c = await send("sharma-sweets", body);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(await feedbackFor((await cardRow("sharma-sweets")).cardNo, body.message)).toHaveLength(1);
  });

  test("ten messages per address in 10 minutes, then 429 with Retry-After", async () => {
    const ip = "203.0.113.77";
    const token = await freshToken("sharma-sweets");
    for (let i = 0; i < 10; i++) expect((await send("sharma-sweets", enquiry({ token }), ip)).status).toBe(200);
    const eleventh = enquiry({ token });
    const res = await send("sharma-sweets", eleventh, ip);
    expect(res.status).toBe(429);
    expect(res.json.message).toMatch(/^Too many messages\. Please try again in \d+ minutes?\.$/);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await feedbackFor((await cardRow("sharma-sweets")).cardNo, eleventh.message)).toHaveLength(0);
    // Another visitor is not affected.
    expect((await send("sharma-sweets", enquiry({ token }), "203.0.113.78")).status).toBe(200);
  });

  test("thirty messages per card an hour, from any number of addresses", async () => {
    const token = await freshToken("iyer-consulting");
    for (let i = 0; i < 30; i++) expect((await send("iyer-consulting", enquiry({ token }))).status).toBe(200);
    expect((await send("iyer-consulting", enquiry({ token }))).status).toBe(429);
    t.clock.advance(HOUR + SECOND);
    expect((await send("iyer-consulting", enquiry({ token: await freshToken("iyer-consulting") }))).status).toBe(200);
  });

  test("a card that is not live takes no messages", async () => {
    const token = await freshToken("sharma-sweets");
    expect((await send("gupta-electricals", enquiry({ token }))).status).toBe(404);
    expect((await send("no-such-card", enquiry({ token }))).status).toBe(404);
  });
});

/** A vCard's logical lines: physical lines unfolded (RFC 2425 §5.8.1). */
const unfold = (text: string) => text.replace(/\r\n /g, "").split("\r\n").filter(Boolean);

describe("GET /public-card/{cardId}/vcard", () => {
  test("a vCard 3.0 file with the card's details and the right headers", async () => {
    const res = await t.request("GET", "/public-card/sharma-sweets/vcard");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="sharma-sweets.vcf"');
    // Every line ends in CRLF, never a bare LF.
    expect(res.text.endsWith("\r\n")).toBe(true);
    expect(res.text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = unfold(res.text);
    expect(lines[0]).toBe("BEGIN:VCARD");
    expect(lines[1]).toBe("VERSION:3.0");
    expect(lines.at(-1)).toBe("END:VCARD");
    expect(lines).toEqual(
      expect.arrayContaining([
        "N:Sharma;Rajesh;;;",
        "FN:Rajesh Sharma",
        "ORG:Sharma Sweets",
        "TITLE:Owner",
        "TEL;TYPE=CELL:+919876543210",
        "EMAIL;TYPE=INTERNET:orders@sharmasweets.in",
        "ADR;TYPE=WORK:;;Shop 12\\, Johari Bazaar\\, Jaipur\\, Rajasthan 302003;;;;",
        "URL:http://localhost/sharma-sweets",
        "URL:https://sharmasweets.in",
        "NOTE:Pure desi ghee sweets since 1985",
      ]),
    );
    // The same number as phone and WhatsApp is listed once.
    expect(lines.filter((l) => l.startsWith("TEL"))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith("PHOTO"))).toBe(false); // no logo uploaded
  });

  test("escaping, honorifics and folding at 75 octets (UTF-8 safe)", async () => {
    const card = await cardRow("iyer-consulting");
    const tagline = "Exports; imports, and \\ compliance — निर्यात सलाह ".repeat(3).trim();
    await t.db
      .update(cards)
      .set({ basicDetails: { ...card.basicDetails, tagline, designation: "Partner, Trade; EU" } })
      .where(eq(cards.cardNo, card.cardNo));
    const res = await t.request("GET", "/public-card/iyer-consulting/vcard");
    for (const physical of res.text.split("\r\n")) expect(Buffer.byteLength(physical, "utf8")).toBeLessThanOrEqual(75);
    const lines = unfold(res.text);
    expect(lines).toContain("N:Iyer;Lakshmi;;Dr.;");
    expect(lines).toContain("FN:Dr. Lakshmi Iyer");
    expect(lines).toContain("TITLE:Partner\\, Trade\\; EU");
    expect(lines).toContain(`NOTE:${tagline.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,")}`);
    expect(lines).toContain("TEL;TYPE=WORK,VOICE:+442079460958");
    await t.db.update(cards).set({ basicDetails: card.basicDetails }).where(eq(cards.cardNo, card.cardNo));
  });

  test("foldLine never splits a multi-byte character", () => {
    const folded = foldLine(`NOTE:${"अ".repeat(60)}`);
    for (const l of folded.split("\r\n")) {
      expect(Buffer.byteLength(l, "utf8")).toBeLessThanOrEqual(75);
      expect(l).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(`NOTE:${"अ".repeat(60)}`);
  });

  test("an uploaded logo becomes a small embedded JPEG photo; an unreadable one is skipped", async () => {
    const dir = path.join(t.config.dataDir, "uploads", "business-logo", "1");
    fs.mkdirSync(dir, { recursive: true });
    await sharp({ create: { width: 800, height: 600, channels: 3, background: "#e65100" } }).png().toFile(path.join(dir, "logo.png"));
    const card = await cardRow("sharma-sweets");
    await t.db.update(cards).set({ basicDetails: { ...card.basicDetails, logoUrl: "/uploads/business-logo/1/logo.png" } }).where(eq(cards.cardNo, card.cardNo));

    const photo = unfold((await t.request("GET", "/public-card/sharma-sweets/vcard")).text).find((l) => l.startsWith("PHOTO"));
    expect(photo).toMatch(/^PHOTO;ENCODING=b;TYPE=JPEG:/);
    const jpeg = Buffer.from(photo!.split(":")[1], "base64");
    expect([...jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe("jpeg");
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(200);

    await t.db.update(cards).set({ basicDetails: { ...card.basicDetails, logoUrl: "/uploads/business-logo/1/missing.png" } }).where(eq(cards.cardNo, card.cardNo));
    const without = await t.request("GET", "/public-card/sharma-sweets/vcard");
    expect(without.status).toBe(200);
    expect(without.text).not.toContain("PHOTO");
    await t.db.update(cards).set({ basicDetails: card.basicDetails }).where(eq(cards.cardNo, card.cardNo));
  });
});

describe("QR code and og:image", () => {
  test("QR PNG and SVG of the card link, cached for long with an ETag", async () => {
    const png = await t.client.request("GET", "/public-card/sharma-sweets/qr.png");
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("cache-control")).toContain("max-age=31536000");
    const raw = await t.api.request("http://localhost/api/v1/public-card/sharma-sweets/qr.png");
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(meta.height);
    expect(meta.width).toBeGreaterThanOrEqual(256);

    const etag = png.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await t.request("GET", "/public-card/sharma-sweets/qr.png", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");

    const svg = await t.request("GET", "/public-card/sharma-sweets/qr.svg", { query: { download: "true" } });
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.text).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.headers.get("content-disposition")).toBe('attachment; filename="sharma-sweets-qr.svg"');
    // Another card's code differs.
    expect((await t.request("GET", "/public-card/iyer-consulting/qr.svg")).text).not.toBe(svg.text);
  });

  test("og:image: a 1200×630 JPEG under 300 KB with an ETag", async () => {
    const res = await t.api.request("http://localhost/api/v1/public-card/sharma-sweets/og.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(300 * 1024);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    const etag = res.headers.get("etag")!;
    expect((await t.request("GET", "/public-card/sharma-sweets/og.jpg", { headers: { "if-none-match": etag } })).status).toBe(304);
  });
});

describe("counters", () => {
  const today = () => indiaDate(t.clock.now());
  const statsOf = async (cardNo: number) =>
    (await t.db.select().from(cardDailyStats).where(and(eq(cardDailyStats.cardNo, cardNo), eq(cardDailyStats.day, today()))))[0];

  test("views (beacon), taps (ping) and saves (vCard) are buffered, then flushed in one go", async () => {
    await flushCardStats(t.db);
    const card = await cardRow("iyer-consulting");
    const before = (await statsOf(card.cardNo)) ?? { views: 0, taps: 0, saves: 0 };

    for (let i = 0; i < 3; i++) {
      const res = await t.request("GET", "/public-card/iyer-consulting/view.gif");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    for (const kind of ["call", "whatsapp"]) {
      const res = await t.request("POST", "/public-card/iyer-consulting/tap", { query: { kind }, rawBody: "PING", headers: { "content-type": "text/ping" } });
      expect(res.status).toBe(204);
    }
    await t.request("GET", "/public-card/iyer-consulting/vcard");
    // A link-preview bot neither views nor saves.
    await t.request("GET", "/public-card/iyer-consulting/view.gif", { headers: { "user-agent": "WhatsApp/2.23.20.0" } });
    await t.request("GET", "/public-card/iyer-consulting/view.gif", { headers: { "user-agent": "facebookexternalhit/1.1" } });

    // Nothing written yet: no write per view.
    expect((await statsOf(card.cardNo)) ?? before).toEqual(before);
    await flushCardStats(t.db);
    const after = await statsOf(card.cardNo);
    expect({ views: after.views - before.views, taps: after.taps - before.taps, saves: after.saves - before.saves }).toEqual({ views: 3, taps: 2, saves: 1 });
    expect((await cardRow("iyer-consulting")).viewCount).toBe(card.viewCount + 3);
    // A view is not an edit.
    expect((await cardRow("iyer-consulting")).updatedAt).toEqual(card.updatedAt);
  });

  test("a day is India's day", () => {
    expect(indiaDate(new Date("2026-03-31T18:29:59Z"))).toBe("2026-03-31");
    expect(indiaDate(new Date("2026-03-31T18:30:00Z"))).toBe("2026-04-01");
  });

  test("an unknown tap kind is 422; unknown cards count nothing", async () => {
    expect((await t.request("POST", "/public-card/sharma-sweets/tap", { query: { kind: "hug" } })).status).toBe(422);
    expect((await t.request("GET", "/public-card/no-such-card/view.gif")).status).toBe(200);
    await flushCardStats(t.db);
  });
});

describe("links a phone acts on (phone numbers: contracts/phone.test.ts)", () => {
  test("UPI, maps, sharing and prices", () => {
    expect(upiHref("demo@upi", "Sharma Sweets")).toBe("upi://pay?pa=demo@upi&pn=Sharma%20Sweets&cu=INR");
    expect(mapHref(undefined, "Johari Bazaar, Jaipur")).toBe("https://www.google.com/maps/search/?api=1&query=Johari%20Bazaar%2C%20Jaipur");
    expect(whatsappShareHref("Sharma Sweets:", "http://localhost/sharma-sweets")).toBe("https://wa.me/?text=Sharma%20Sweets%3A%20http%3A%2F%2Flocalhost%2Fsharma-sweets");
    expect(formatPrice(45000)).toBe("₹450");
    expect(formatPrice(185000)).toBe("₹1,850");
    expect(formatPrice(54950)).toBe("₹549.50");
    expect(formatPrice(1_000_000_00)).toBe("₹10,00,000");
    expect(formatPrice(null)).toBe("Price on request");
  });
});

describe("the public card's HTML micro-cache (server/main.ts)", () => {
  const page = (token: string, extra: Record<string, string> = {}, status = 200) =>
    new Response(`<html><link nonce="n${Math.random()}" rel="stylesheet"/><input name="token" value="${token}"/></html>`, {
      status,
      headers: { "content-type": "text/html; charset=utf-8", "x-public-card": token, "cache-control": "public, no-cache", ...extra },
    });
  const URL_ = "http://localhost:3000/sharma-sweets";

  test("keeps a marked page a few seconds, answers 304 to its ETag, drops it when the card changes", async () => {
    let clock = 0;
    const cache = createPublicCardCache({ ttlMs: 5000, now: () => clock });
    expect(cache.lookup("GET", URL_, null)).toBeNull();
    const first = await cache.store("GET", URL_, null, page("tok1.aaaaaaaa"));
    expect(first.headers.get("x-public-card")).toBeNull(); // the marker never reaches the browser
    expect(first.headers.get("content-security-policy")).toContain("script-src 'none'");
    const html = await first.text();
    expect(html).not.toContain("nonce=");
    const etag = first.headers.get("etag")!;

    clock = 4000;
    const hit = cache.lookup("GET", URL_, null)!;
    expect(await hit.text()).toBe(html);
    expect(cache.lookup("GET", URL_, etag)!.status).toBe(304);
    expect(cache.lookup("GET", "http://sunrise.localhost:3000/sharma-sweets", null)).toBeNull(); // per host
    expect(cache.lookup("GET", `${URL_}?sent=enquiry`, null)).toBeNull();
    expect(cache.lookup("POST", URL_, null)).toBeNull();

    clock = 5001;
    expect(cache.lookup("GET", URL_, null)).toBeNull(); // expired
    // A new render with a new form token but the same content keeps the ETag: 304 still.
    const again = await cache.store("GET", URL_, etag, page("tok2.bbbbbbbb"));
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);

    cache.drop("sharma-sweets");
    expect(cache.lookup("GET", URL_, null)).toBeNull();
  });

  test("keeps one copy per language the visitor's Accept-Language picks (the card's fixed words follow it, ADR 0066)", async () => {
    const cache = createPublicCardCache();
    const hindi = "hi-IN,hi;q=0.9";
    await cache.store("GET", URL_, null, page("t1.hindiaaaa"), hindi);
    expect(cache.lookup("GET", URL_, null, "en-IN,en")).toBeNull();
    expect(cache.lookup("GET", URL_, null, "fr")).toBeNull();
    expect(await cache.lookup("GET", URL_, null, "hi")!.text()).toContain("t1.hindiaaaa");
    await cache.store("GET", URL_, null, page("t2.englishaa"), "en-IN,en");
    expect(await cache.lookup("GET", URL_, null, "en-GB")!.text()).toContain("t2.englishaa");
    expect(await cache.lookup("GET", URL_, null, hindi)!.text()).toContain("t1.hindiaaaa");
    cache.drop("sharma-sweets");
    expect(cache.lookup("GET", URL_, null, hindi)).toBeNull();
  });

  test("never keeps personal or unmarked responses", async () => {
    const cache = createPublicCardCache();
    await cache.store("GET", URL_, null, page("t1.aaaaaaaaa", { "set-cookie": "cp_flash=x" }));
    await cache.store("GET", URL_, null, page("t2.aaaaaaaaa", { "cache-control": "private, no-store" }));
    await cache.store("GET", `${URL_}?sent=enquiry`, null, page("t3.aaaaaaaaa"));
    await cache.store("GET", URL_, null, page("t4.aaaaaaaaa", {}, 500));
    const unmarked = new Response("<html></html>", { headers: { "content-type": "text/html", "cache-control": "public" } });
    expect(await cache.store("GET", "http://localhost:3000/privacy", null, unmarked)).toBe(unmarked);
    expect(cache.size).toBe(0);
    await cache.store("GET", "http://localhost:3000/no-such-card", null, page("1", {}, 404));
    expect(cache.lookup("GET", "http://localhost:3000/no-such-card", null)!.status).toBe(404);
  });
});
