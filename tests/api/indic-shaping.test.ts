/**
 * Complex scripts shaped everywhere we draw text (issue 24, ADR 0074): the sample words of the
 * issue in PDF ID cards and agency bills (glyph by glyph against HarfBuzz's run, fonts embedded
 * as subsets, pdftotext giving the words back), and in the text of greeting JPEGs and promo
 * videos (the ink's shape against HarfBuzz's glyphs drawn as outlines), in Noto Sans and, as a
 * serif card theme draws them (issue 26), in Noto Serif. Each check is also run on an unshaped
 * drawing (the fonts' characters one by one) to show it fails.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { businesses, cards } from "#server/db/schema/business.ts";
import { agencies, users } from "#server/db/schema/core.ts";
import { cardPayments } from "#server/db/schema/billing.ts";
import { generateMonthBills } from "#server/api/billing/generate.ts";
import { periodOf } from "#server/api/billing/rules.ts";
import { textLayer } from "#server/api/promo-videos/render.ts";
import { ensureFonts } from "#server/services/branding/fonts.ts";
import { textBox } from "#server/services/branding/overlay.ts";
import { fontBytes, scriptRuns } from "#server/services/script-fonts.ts";
import { compareInk, firstDifference, inkOf, pdfLines, referencePng, type Ink } from "../support/shaping-check.ts";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";

/** The words (and Gujarati's "श्री गणेश"): conjuncts, reph, vowel signs before and around their consonant. */
const WORDS = ["क्षेत्रीय", "श्री गणेश", "स्वीट्स", "ஸ்ரீ", "ক্ষ", "శ్రీ", "શ્રી ગણેશ"];
/** Noto Serif's embedded names (PostScript names, before "-Bold" / "-Regular"), one per script. */
const SERIF_FONTS = ["NotoSerif", "NotoSerifDevanagari", "NotoSerifTamil", "NotoSerifBengali", "NotoSerifTelugu", "NotoSerifGujarati"];

let t: TestApi;
let tmp: string;

beforeAll(async () => {
  t = await createTestApi();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "indic-shaping-"));
});
afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function getPdf(role: RoleName, pathAndQuery: string): Promise<Buffer> {
  const res = await t.api.request(`http://${ROLES[role].host}/api/v1${pathAndQuery}`, { headers: { cookie: await t.signInAs(role), "x-panel-client-ip": "10.9.9.7" } });
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(res.status, bytes.toString("utf8").slice(0, 300)).toBe(200);
  return bytes;
}

/** pdffonts' rows and pdftotext's text of a PDF. */
function poppler(bytes: Buffer) {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return {
    fonts: execFileSync("pdffonts", [file], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean),
    text: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }),
  };
}

/** Every line of the PDF is drawn with exactly HarfBuzz's glyphs for its text. */
function expectShaped(pdf: Buffer) {
  const lines = pdfLines(pdf);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(firstDifference(line), `glyph ${firstDifference(line)} of "${line.text}"`).toBe(-1);
  return lines;
}

describe("PDFs", () => {
  test("ID cards: each sample word as a name, a designation and an address is HarfBuzz's glyph run; one embedded subset per script; pdftotext gives the words back", async () => {
    const business = (await t.db.select().from(businesses).where(eq(businesses.businessName, "Sharma Sweets")))[0].businessId;
    const people = WORDS.map((w) => ({ personName: w, designation: `${w} प्रबंधक`, phones: ["98765 43210"], address: `${w}, 12 जौहरी बाज़ार, Jaipur` }));
    const res = await t.requestAsUnchecked("customer", "POST", "/pdf-card/pdfCard", { body: { businessId: business, templateCode: "aurora-portrait", companyName: "श्री गणेश स्वीट्स", people } });
    expect(res.status, res.text).toBe(200);
    const pdf = await getPdf("customer", `/pdf-card/downloadPdfCard?pdfCardNo=${res.json.pdfCard.pdfCardNo}`);

    const lines = expectShaped(pdf);
    const texts = lines.map((l) => l.text);
    for (const w of WORDS) expect(texts).toContain(w);

    const { fonts, text } = poppler(pdf);
    for (const family of ["NotoSans-", "NotoSansDevanagari-", "NotoSansTamil-", "NotoSansBengali-", "NotoSansTelugu-", "NotoSansGujarati-"]) {
      expect(fonts.some((l) => l.includes(family)), `${family} in\n${fonts.join("\n")}`).toBe(true);
    }
    for (const l of fonts) expect(l).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes\b/); // a subset, embedded, with a Unicode map
    const extracted = text.split("\n").map((l) => l.trim());
    for (const w of WORDS) {
      expect(extracted).toContain(w);
      expect(extracted).toContain(`${w}, 12 जौहरी बाज़ार, Jaipur`);
    }
  });

  test("ID cards of a serif theme (letterhead, issue 26): each sample word is HarfBuzz's glyph run in Noto Serif of its script, embedded as a subset; pdftotext gives the words back", async () => {
    const [sharma] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Sharma Sweets"));
    const [card] = await t.db.select().from(cards).where(eq(cards.businessId, sharma.businessId));
    await t.db.update(cards).set({ template: "letterhead" }).where(eq(cards.cardNo, card.cardNo));
    try {
      const people = WORDS.map((w) => ({ personName: w, designation: `${w} प्रबंधक`, phones: ["98765 43210"], address: `${w}, 12 जौहरी बाज़ार, Jaipur` }));
      const res = await t.requestAsUnchecked("customer", "POST", "/pdf-card/pdfCard", { body: { businessId: sharma.businessId, templateCode: "saffron-portrait", companyName: "श्री गणेश स्वीट्स", people } });
      expect(res.status, res.text).toBe(200);
      const pdf = await getPdf("customer", `/pdf-card/downloadPdfCard?pdfCardNo=${res.json.pdfCard.pdfCardNo}`);

      const lines = expectShaped(pdf);
      for (const w of WORDS) {
        // The name, in bold, and the designation: every glyph from a Noto Serif subset.
        for (const text of [w, `${w} प्रबंधक`]) {
          const line = lines.find((l) => l.text === text);
          expect(line, text).toBeDefined();
          for (const g of line!.glyphs) expect(g.baseFont, text).toMatch(/^[A-Z]{6}\+NotoSerif/);
        }
      }
      const { fonts, text } = poppler(pdf);
      for (const family of SERIF_FONTS) expect(fonts.some((l) => l.includes(`+${family}-`)), `${family} in\n${fonts.join("\n")}`).toBe(true);
      for (const l of fonts) expect(l).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes\b/);
      const extracted = text.split("\n").map((l) => l.trim());
      for (const w of WORDS) expect(extracted).toContain(w);
    } finally {
      await t.db.update(cards).set({ template: card.template }).where(eq(cards.cardNo, card.cardNo));
    }
  });

  test("agency bills: an agency, business and plan named in Bengali, Tamil, Telugu and Gujarati", async () => {
    const [agency] = await t.db.insert(agencies).values({ agencyName: "ক্ষিতীশ মিডিয়া", host: "shaping.localhost", configuration: {} }).returning();
    const [user] = await t.db.insert(users).values({ agencyId: agency.id, phoneNumber: "9876500097" }).returning();
    const names = ["ஸ்ரீ முருகன் ஸ்டோர்ஸ்", "శ్రీ లక్ష్మి టెక్స్‌టైల్స్", "શ્રી ગણેશ સ્વીટ્સ"];
    for (const [i, businessName] of names.entries()) {
      const [b] = await t.db.insert(businesses).values({ agencyId: agency.id, userId: user.id, businessName, phoneNumber: `+91981111112${i}`, paymentStatus: 1 }).returning();
      await t.db.insert(cards).values({ agencyId: agency.id, businessId: b.businessId, cardId: `shaping-${i}` });
      await t.db.insert(cardPayments).values({ agencyId: agency.id, businessId: b.businessId, planName: "क्षेत्रीय योजना", amount: 79900, status: "paid", isManualUpdate: true, paidAt: t.clock.now(), createdAt: t.clock.now() });
    }
    await generateMonthBills(t.db, { ...periodOf(t.clock.now()), now: t.clock.now(), agencyIds: [agency.id] });
    const pdf = await getPdf("admin", `/month-payments/download?format=pdf&agencyId=${agency.id}`);

    const texts = expectShaped(pdf).map((l) => l.text);
    for (const name of names) expect(texts).toContain(name);
    const { fonts, text } = poppler(pdf);
    for (const l of fonts) expect(l).toMatch(/\byes\s+yes\s+yes\b/);
    for (const s of [...names, "ক্ষিতীশ মিডিয়া", "क्षेत्रीय योजना"]) expect(text).toContain(s);
  });

  test("the check fails an unshaped drawing (each character's own glyph, as a PDF writer without shaping draws it)", async () => {
    const doc = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => doc.on("end", resolve));
    doc.addPage({ size: "A4", margin: 0 });
    let y = 40;
    for (const w of WORDS) {
      (doc as unknown as { markContent(tag: string, o: { actual: string }): void }).markContent("Span", { actual: w });
      for (const { text, script } of scriptRuns(w)) {
        const font = fontkit.create(fontBytes(`sans-${script}-400`)) as unknown as { glyphsForString(s: string): unknown[]; layout: unknown };
        const unshaped = Object.create(font);
        unshaped.layout = (s: string) => {
          const glyphs = font.glyphsForString(s) as { advanceWidth: number }[];
          const positions = glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
          return { glyphs, positions, advanceWidth: positions.reduce((a, p) => a + p.xAdvance, 0) };
        };
        doc.registerFont(`raw-${script}`, unshaped);
        doc.font(`raw-${script}`).fontSize(20).text(text, 40, y, { lineBreak: false });
      }
      (doc as unknown as { endMarkedContent(): void }).endMarkedContent();
      y += 40;
    }
    doc.end();
    await ended;
    const lines = pdfLines(Buffer.concat(chunks));
    expect(lines.map((l) => l.text)).toEqual(WORDS);
    for (const line of lines) expect(firstDifference(line), line.text).toBeGreaterThanOrEqual(0);
  });
});

describe("raster text (greeting JPEGs, promo videos)", () => {
  /** Alike: the same proportions within 5 % and at least 80 % of the ink in common. */
  const alike = (a: Ink, b: Ink) => {
    const { aspect, overlap } = compareInk(a, b);
    return Math.abs(aspect - 1) < 0.05 && overlap > 0.8;
  };

  test("the greeting frame's text (Pango) draws each sample word as HarfBuzz shapes it, not as unshaped characters", async () => {
    await ensureFonts();
    for (const w of WORDS) {
      const drawn = await inkOf((await textBox(w, { w: 900, h: 200, color: "#ffffff", maxPx: 72 })).data);
      const shaped = await inkOf(await referencePng(w, 72));
      const unshaped = await inkOf(await referencePng(w, 72, { shaped: false }));
      expect(alike(drawn, shaped), `${w}: ${JSON.stringify(compareInk(drawn, shaped))}`).toBe(true);
      expect(alike(drawn, unshaped), `${w} unshaped: ${JSON.stringify(compareInk(drawn, unshaped))}`).toBe(false);
      // The same size too: Pango's px are HarfBuzz's.
      expect(Math.abs(drawn.w - shaped.w)).toBeLessThanOrEqual(3);
    }
  });

  test("in a serif theme's frame (issue 26) each sample word is Noto Serif as HarfBuzz shapes it: not unshaped, and not the sans family", async () => {
    await ensureFonts();
    // 120 px: at 72 the serif's hairlines are a pixel wide and the ink's overlap measures aliasing.
    for (const w of WORDS) {
      const drawn = await inkOf((await textBox(w, { w: 1500, h: 400, color: "#ffffff", maxPx: 120, family: "serif" })).data);
      const shaped = await inkOf(await referencePng(w, 120, { family: "serif" }));
      const unshaped = await inkOf(await referencePng(w, 120, { family: "serif", shaped: false }));
      const sans = await inkOf(await referencePng(w, 120));
      expect(alike(drawn, shaped), `${w}: ${JSON.stringify(compareInk(drawn, shaped))}`).toBe(true);
      expect(alike(drawn, unshaped), `${w} unshaped: ${JSON.stringify(compareInk(drawn, unshaped))}`).toBe(false);
      expect(alike(drawn, sans), `${w} sans: ${JSON.stringify(compareInk(drawn, sans))}`).toBe(false);
      expect(Math.abs(drawn.w - shaped.w)).toBeLessThanOrEqual(3);
    }
  });

  test("a promo video's text layer (bold, fitted, with a shadow) is shaped the same way", async () => {
    for (const w of WORDS) {
      // The text in red over its black shadow: its ink is the red pixels.
      const drawn = await inkOf(await textLayer(w, 600, 160, "#ff0000"), (r, g, _b, a) => a > 127 && r > 150 && g < 110);
      expect(alike(drawn, await inkOf(await referencePng(w, 72, { weight: 700 }))), w).toBe(true);
      expect(alike(drawn, await inkOf(await referencePng(w, 72, { weight: 700, shaped: false }))), `${w} unshaped`).toBe(false);
    }
  });
});
