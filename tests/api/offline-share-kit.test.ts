/**
 * The offline share kit (ADR 0062): the contact QR and the UPI QR of a public card, read back by
 * a real QR decoder (jsQR) from the PNG the API serves, as a phone's camera would read them.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { cards } from "#server/db/schema/business.ts";
import { offlineContactVCard, OFFLINE_CONTACT_MAX_BYTES } from "#server/services/offline-contact.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { decodeQr } from "../support/qr-decode.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const png = async (path: string) => {
  const res = await t.api.request(`http://localhost/api/v1${path}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};
const unfold = (vcard: string) => vcard.replace(/\r\n /g, "");

describe("contact QR", () => {
  test("decodes to a vCard 3.0 with the card's name, phones, links and UPI link, small enough to print", async () => {
    const { res, bytes } = await png("/public-card/sharma-sweets/contact-qr.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const decoded = await decodeQr(bytes);
    expect(decoded).not.toBeNull();
    const vcard = unfold(decoded!.text);
    expect(vcard).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(vcard).toMatch(/\r\nEND:VCARD\r\n$/);
    expect(vcard).toContain("ORG:Sharma Sweets\r\n");
    expect(vcard).toMatch(/\r\nTEL;TYPE=CELL:\+91\d{10}\r\n/);
    expect(vcard).toContain("URL:http://localhost/sharma-sweets\r\n");
    expect(vcard).toContain("URL:upi://pay?pa=demo@upi&pn=");
    expect(vcard).not.toContain("PHOTO");
    expect(Buffer.byteLength(decoded!.text)).toBeLessThanOrEqual(OFFLINE_CONTACT_MAX_BYTES);
    // 300 bytes at level M is at most version 13 (69 modules): 0.55 mm a module at 40 mm wide.
    expect(decoded!.version).toBeLessThanOrEqual(13);
    console.log(`contact QR: ${Buffer.byteLength(decoded!.text)} bytes, version ${decoded!.version}`);
  });

  test("the SVG is what the card page shows; revalidated by ETag, changes when the card does", async () => {
    const svg = await t.request("GET", "/public-card/sharma-sweets/contact-qr.svg");
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("cache-control")).toBe("public, no-cache");
    const etag = svg.headers.get("etag")!;
    expect((await t.request("GET", "/public-card/sharma-sweets/contact-qr.svg", { headers: { "if-none-match": etag } })).status).toBe(304);

    const [card] = await t.db.select().from(cards).where(eq(cards.cardId, "sharma-sweets"));
    await t.db.update(cards).set({ basicDetails: { ...card.basicDetails, name: "रमेश शर्मा" } }).where(eq(cards.cardNo, card.cardNo));
    try {
      const after = await png("/public-card/sharma-sweets/contact-qr.png");
      expect(after.res.headers.get("etag")).not.toBe(etag);
      // Devanagari survives: UTF-8 in byte mode, as Android and iOS scanners read it.
      expect((await decodeQr(after.bytes))!.text).toContain("FN:रमेश शर्मा\r\n");
    } finally {
      await t.db.update(cards).set({ basicDetails: card.basicDetails }).where(eq(cards.cardNo, card.cardNo));
    }
  });

  test("a paused or unknown card has no QR (404)", async () => {
    expect((await t.requestUnchecked("GET", "/public-card/no-such-card/contact-qr.svg")).status).toBe(404);
  });
});

describe("UPI QR", () => {
  test("decodes to the NPCI upi://pay link with payee and currency", async () => {
    const { res, bytes } = await png("/public-card/sharma-sweets/upi-qr.png");
    expect(res.status).toBe(200);
    const decoded = await decodeQr(bytes);
    expect(decoded!.text).toMatch(/^upi:\/\/pay\?pa=demo@upi&pn=[^&]+&cu=INR$/);
  });

  test("a card without a UPI id: 404, and its contact QR has no UPI link", async () => {
    const [card] = await t.db.select().from(cards).where(eq(cards.cardId, "sharma-sweets"));
    await t.db.update(cards).set({ paymentOptions: { ...card.paymentOptions, upiId: undefined } }).where(eq(cards.cardNo, card.cardNo));
    try {
      const res = await t.requestUnchecked("GET", "/public-card/sharma-sweets/upi-qr.svg");
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ message: "This card has no UPI id." });
      const { bytes } = await png("/public-card/sharma-sweets/contact-qr.png");
      expect((await decodeQr(bytes))!.text).not.toContain("upi://");
    } finally {
      await t.db.update(cards).set({ paymentOptions: card.paymentOptions }).where(eq(cards.cardNo, card.cardNo));
    }
  });
});

describe("offlineContactVCard", () => {
  test("a long card keeps under the byte budget by dropping title, second phone, e-mail, card link, then UPI link", () => {
    const long = offlineContactVCard({
      name: "Dr. Venkataramanan Subramaniam Iyer",
      organisation: "Sri Lakshmi Venkateswara Textiles and Readymade Garments Emporium",
      title: "Managing Director and Chief Executive Officer",
      phones: [
        { number: "+919876543210", type: "CELL" },
        { number: "+919123456780", type: "CELL" },
      ],
      email: "venkataramanan.subramaniam@lakshmitextiles.example.com",
      cardUrl: "https://cards.example-agency.in/sri-lakshmi-venkateswara-textiles",
      upiUrl: "upi://pay?pa=lakshmitextiles@okaxis&pn=Sri%20Lakshmi%20Venkateswara%20Textiles&cu=INR",
    });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(OFFLINE_CONTACT_MAX_BYTES);
    expect(long).toContain("TEL;TYPE=CELL:+919876543210");
    expect(long).toContain("FN:Dr. Venkataramanan Subramaniam Iyer");
    expect(long).not.toContain("TITLE:");
    expect(long).not.toContain("+919123456780");
  });
});
