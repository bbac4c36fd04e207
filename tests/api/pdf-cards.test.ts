/**
 * PDF ID cards (SPEC §7 PDF cards; ADR 0024): every call per role, tenancy (404), bad input,
 * the plan limit and the single-PDF credit, and the real file checked with qpdf and poppler.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { businesses, cards } from "#server/db/schema/business.ts";
import { pdfCards } from "#server/db/schema/content.ts";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";
import { themeShades } from "#server/services/pdf/theme-colours.ts";
import { AA_CONTRAST, contrastWithWhite } from "#contracts/brand-colour.ts";
import { pdfLines } from "../support/shaping-check.ts";

let t: TestApi;
let sharma: number;
let gupta: number;
let iyer: number;
let dental: number;
let tmp: string;

const person = {
  personName: "Rajesh Sharma",
  designation: "Owner",
  employeeId: "SS-001",
  phones: ["98765 43210"],
  email: "Rajesh@SharmaSweets.in",
  address: "Shop 12, Johari Bazaar, Jaipur",
  bloodGroup: "B+",
};

beforeAll(async () => {
  t = await createTestApi();
  const id = async (name: string) => (await t.db.select().from(businesses).where(eq(businesses.businessName, name)))[0].businessId;
  sharma = await id("Sharma Sweets");
  gupta = await id("Gupta Electricals");
  iyer = await id("Iyer Consulting");
  dental = await id("Smile Care Dental Clinic");
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-cards-"));
});
afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function create(role: RoleName, businessId: number, extra: Record<string, unknown> = {}) {
  const res = await t.requestAsUnchecked(role, "POST", "/pdf-card/pdfCard", { body: { businessId, templateCode: "aurora-portrait", ...extra } });
  expect(res.status, res.text).toBe(200);
  return res.json.pdfCard as { pdfCardNo: number } & Record<string, unknown>;
}

/** The download as bytes (the JSON client would decode it as text). */
async function download(role: RoleName, query: Record<string, string | number | boolean>) {
  const url = new URL(`http://${ROLES[role].host}/api/v1/pdf-card/downloadPdfCard`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const res = await t.api.request(url.toString(), { headers: { cookie: await t.signInAs(role), "x-panel-client-ip": "10.9.9.9" } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: res.headers.get("content-type")?.includes("json") ? JSON.parse(bytes.toString("utf8")) : undefined };
}

/** What poppler and qpdf say about the file. */
function inspect(bytes: Buffer) {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8" });
  return {
    check: run("qpdf", ["--check", file]),
    fonts: run("pdffonts", [file]),
    text: run("pdftotext", [file, "-"]),
    info: run("pdfinfo", ["-f", "1", "-l", "99", "-box", file]),
    /** Image XObjects per page (`pdfimages -list`: page, num, type, width, height, …). */
    images: run("pdfimages", ["-list", file])
      .split("\n")
      .slice(2)
      .filter(Boolean)
      .map((l) => l.trim().split(/\s+/))
      .map(([page, , type, width, height]) => ({ page: Number(page), type, width: Number(width), height: Number(height) })),
    /** The diagonal watermark's letters come out one a line in layout mode: read it in content order, spaces dropped. */
    get sample() {
      return run("pdftotext", ["-raw", file, "-"]).replace(/\s+/g, "").includes("SAMPLE");
    },
  };
}

describe("creating and reading", () => {
  test("a customer makes a card for their business: details from the business, one card for a double click", async () => {
    const [a, b] = await Promise.all([create("customer", sharma), create("customer", sharma)]);
    expect(a.pdfCardNo).toBe(b.pdfCardNo);
    expect(a).toMatchObject({
      businessId: sharma,
      companyName: "Sharma Sweets",
      registeredPhoneNumber: "+919876543210",
      mails: ["orders@sharmasweets.in"],
      templateCode: "aurora-portrait",
      status: "active",
      isPaid: false,
      paidBy: "none",
      canExport: true,
    });
    expect((a.people as { personName: string }[])[0].personName).toBe("Rajesh Sharma");

    const one = await t.requestAs("customer", "GET", "/pdf-card/pdfCard", { query: { pdfCardNo: a.pdfCardNo } });
    expect(one.status).toBe(200);
    expect(one.json.pdfCard.pdfCardNo).toBe(a.pdfCardNo);
    const list = await t.requestAs("customer", "GET", "/pdf-card/getPdfCardsByBusiness", { query: { businessId: sharma } });
    expect(list.json.pdfCards.map((c: { pdfCardNo: number }) => c.pdfCardNo)).toContain(a.pdfCardNo);
  });

  test("someone else's card or business is 404; an agency without PDF cards is 404; bad input changes nothing", async () => {
    const card = await create("customer", sharma, { companyName: "Tenancy Check" });
    for (const role of ["otherAgencyCustomer", "otherAgencyAdmin", "foreignCustomer"] as const) {
      expect((await t.requestAs(role, "GET", "/pdf-card/pdfCard", { query: { pdfCardNo: card.pdfCardNo } })).status).toBe(404);
      expect((await t.requestAs(role, "GET", "/pdf-card/getPdfCardsByBusiness", { query: { businessId: sharma } })).status).toBe(404);
      expect((await download(role, { pdfCardNo: card.pdfCardNo })).status).toBe(404);
    }
    expect((await t.requestAsUnchecked("foreignCustomer", "POST", "/pdf-card/pdfCard", { body: { businessId: sharma, templateCode: "aurora-portrait" } })).status).toBe(404);
    // Sunrise Media has PDF cards off.
    const off = await t.requestAsUnchecked("otherAgencyCustomer", "POST", "/pdf-card/pdfCard", { body: { businessId: dental, templateCode: "aurora-portrait" } });
    expect(off.status).toBe(404);
    expect(off.json.message).toBe("PDF ID cards are not enabled.");

    const before = await t.db.select().from(pdfCards);
    for (const body of [
      { businessId: sharma, templateCode: "nope" },
      { businessId: "x", templateCode: "aurora-portrait" },
      { businessId: sharma, templateCode: "aurora-portrait", people: [] },
      { businessId: sharma, templateCode: "aurora-portrait", registeredPhoneNumber: "12" },
      { businessId: sharma, templateCode: "aurora-portrait", mails: ["not-an-email"] },
    ]) {
      const res = await t.requestAsUnchecked("customer", "POST", "/pdf-card/pdfCard", { body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json.message).toBeTruthy();
    }
    expect(await t.db.select().from(pdfCards)).toHaveLength(before.length);
  });

  test("basic details: company, phone, mails and people (blank rows dropped); a wrong email is refused with nothing saved", async () => {
    const card = await create("customer", sharma, { templateCode: "slate-landscape", companyName: "Details Co" });
    const res = await t.requestAs("customer", "POST", "/pdf-card/updatePdfCardBasicDetails", {
      body: {
        pdfCardNo: card.pdfCardNo,
        companyName: "Sharma Sweets & Co",
        registeredPhoneNumber: "9876500000",
        mails: ["a@b.in", ""],
        templateCode: "mint-landscape",
        people: [person, { personName: "प्रिया शर्मा", designation: "Accountant", phones: [] }, { personName: "" }],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.pdfCard).toMatchObject({ companyName: "Sharma Sweets & Co", registeredPhoneNumber: "+919876500000", mails: ["a@b.in"], templateCode: "mint-landscape" });
    expect(res.json.pdfCard.people).toHaveLength(2);
    expect(res.json.pdfCard.people[0]).toMatchObject({ personName: "Rajesh Sharma", phones: ["+919876543210"], email: "rajesh@sharmasweets.in" });

    const bad = await t.requestAsUnchecked("customer", "POST", "/pdf-card/updatePdfCardBasicDetails", {
      body: { pdfCardNo: card.pdfCardNo, companyName: "Changed", registeredPhoneNumber: "9876500000", people: [{ ...person, email: "nope" }] },
    });
    expect(bad.status).toBe(422);
    const again = await t.requestAs("customer", "GET", "/pdf-card/pdfCard", { query: { pdfCardNo: card.pdfCardNo } });
    expect(again.json.pdfCard.companyName).toBe("Sharma Sweets & Co");
  });
});

describe("the file", () => {
  test("a real PDF: qpdf passes, fonts embedded (Latin and Devanagari), CR80 + 3 mm bleed pages then an A4 sheet, SAMPLE until exported", async () => {
    const card = await create("customer", gupta, {
      companyName: "Gupta Electricals",
      people: [person, { personName: "सुनील गुप्ता", designation: "Manager" }],
    });
    const res = await download("customer", { pdfCardNo: card.pdfCardNo });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${card.pdfCardNo}.pdf"`);
    const pdf = inspect(res.bytes);
    expect(pdf.check).toContain("No syntax or stream encoding errors");
    const embedded = pdf.fonts.split("\n").slice(2).filter(Boolean);
    expect(embedded.some((l) => /NotoSans-/.test(l))).toBe(true);
    expect(embedded.some((l) => /NotoSansDevanagari/.test(l))).toBe(true);
    for (const l of embedded) expect(l).toMatch(/\byes\s+yes\s+yes\b/); // embedded, subset, unicode map
    // Portrait CR80 (54 × 85.6 mm) plus 3 mm bleed each side = 60 × 91.6 mm = 170.08 × 259.65 pt.
    expect(pdf.info).toMatch(/Page\s+1 size:\s+170\.0\d+ x 259\.6\d+ pts/);
    expect(pdf.info).toMatch(/Page\s+2 size:\s+170\.0\d+ x 259\.6\d+ pts/);
    expect(pdf.info).toMatch(/Page\s+3 size:\s+595\.2\d+ x 841\.8\d+ pts \(A4\)/);
    expect(pdf.info).toMatch(/Page\s+1 TrimBox:\s+8\.50\s+8\.50\s+161\.5\d\s+251\.1\d/);
    expect(pdf.text).toContain("Gupta Electricals");
    expect(pdf.text).toContain("Rajesh Sharma");
    expect(pdf.sample).toBe(true);
  });

  test("the logo uploaded in the card editor's Basic details is the PDF card's logo (one logo per business), with the Logo link field empty", async () => {
    await t.db.update(businesses).set({ logoUrl: null }).where(eq(businesses.businessId, sharma));
    const without = inspect((await download("customer", { pdfCardNo: (await create("customer", sharma)).pdfCardNo })).bytes);
    expect(without.images).toEqual([]); // no logo anywhere: the logo box shows initials
    // The card editor's Basic details: upload the logo, then save the section with its URL.
    const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: "#1c7ed6" } }).png().toBuffer();
    const form = new FormData();
    form.set("file", new File([png as BlobPart], "logo.png", { type: "image/png" }));
    form.set("hierarchy1", "business-logo");
    form.set("hierarchy2", String(sharma));
    const uploaded = await t.request("POST", "/document/uploadDoc", { rawBody: form, cookie: await t.signInAs("customer"), host: ROLES.customer.host });
    expect(uploaded.status, uploaded.text).toBe(200);
    const [card] = await t.db.select().from(cards).where(and(eq(cards.businessId, sharma), isNull(cards.deletedAt)));
    const saved = await t.requestAsUnchecked("customer", "POST", "/updateCardBasicDetails", {
      body: { cardNo: card.cardNo, cardId: card.cardId, companyName: "Sharma Sweets", phoneNumber: "9876543210", logoUrl: uploaded.json.url },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await t.db.select({ logoUrl: businesses.logoUrl }).from(businesses).where(eq(businesses.businessId, sharma)))[0].logoUrl).toBeNull();

    const pdf = inspect((await download("customer", { pdfCardNo: (await create("customer", sharma)).pdfCardNo })).bytes);
    // The logo is drawn on the card's front (page 1) and on the A4 sheet's copy.
    expect(pdf.images.filter((i) => i.page === 1).length).toBeGreaterThan(0);
  });

  test("previews are PNGs of the same drawing; a template preview needs no card", async () => {
    const card = await create("customer", sharma, { companyName: "Preview Co" });
    const png = await t.requestAs("customer", "GET", "/pdf-card/preview", { query: { pdfCardNo: card.pdfCardNo } });
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const tpl = await t.requestAs("customer", "GET", "/pdf-card/template-preview", { query: { templateCode: "mint-landscape", businessId: sharma } });
    expect(tpl.status).toBe(200);
    expect(tpl.headers.get("content-type")).toBe("image/png");
    expect((await t.requestAs("otherAgencyCustomer", "GET", "/pdf-card/preview", { query: { pdfCardNo: card.pdfCardNo } })).status).toBe(404);
  });
});

describe("in the business's own colour (issue 26)", () => {
  /** The template preview's pixel at (x, y), as fractions of its size. */
  async function pixel(templateCode: string, x: number, y: number) {
    const url = new URL(`http://${ROLES.customer.host}/api/v1/pdf-card/template-preview`);
    url.searchParams.set("templateCode", templateCode);
    url.searchParams.set("businessId", String(sharma));
    const res = await t.api.request(url.toString(), { headers: { cookie: await t.signInAs("customer"), "x-panel-client-ip": "10.9.9.9" } });
    expect(res.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const i = (Math.floor(y * info.height) * info.width + Math.floor(x * info.width)) * 3;
    return `#${[data[i], data[i + 1], data[i + 2]].map((v) => v!.toString(16).padStart(2, "0")).join("")}`;
  }
  const near = (a: string, b: string) => [1, 3, 5].every((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) <= 6);

  test("the template's brand colours take the digital card's theme colour; without one the template keeps its own", async () => {
    const [card] = await t.db.select().from(cards).where(eq(cards.businessId, sharma));
    try {
      await t.db.update(cards).set({ settings: { ...card!.settings, themeColor: undefined } }).where(eq(cards.cardId, card!.cardId));
      // Aurora's header band, top right: its own navy.
      expect(near(await pixel("aurora-portrait", 0.95, 0.04), "#1e3a8a")).toBe(true);
      await t.db.update(cards).set({ settings: { ...card!.settings, themeColor: "#e65100" } }).where(eq(cards.cardId, card!.cardId));
      const band = await pixel("aurora-portrait", 0.95, 0.04);
      expect(near(band, themeShades("#e65100").strong), band).toBe(true);
      // White text reads on it.
      expect(contrastWithWhite(themeShades("#e65100").strong)).toBeGreaterThanOrEqual(AA_CONTRAST);
    } finally {
      await t.db.update(cards).set({ settings: card!.settings }).where(eq(cards.cardId, card!.cardId));
    }
  });
});

describe("in the card theme's fonts (issue 26)", () => {
  /** Gupta's card in `theme`, then a PDF ID card of a Hindi-named and a Latin-named person: the fonts each line is drawn in, and poppler's view. */
  async function printedIn(theme: string) {
    const [card] = await t.db.select().from(cards).where(and(eq(cards.businessId, gupta), isNull(cards.deletedAt)));
    await t.db.update(cards).set({ template: theme as typeof card.template }).where(eq(cards.cardNo, card.cardNo));
    try {
      const made = await create("customer", gupta, {
        companyName: "Gupta Electricals",
        people: [{ personName: "सुनील गुप्ता", designation: "प्रबंधक", phones: ["98765 43210"] }, person],
      });
      const bytes = (await download("customer", { pdfCardNo: made.pdfCardNo })).bytes;
      // Embedded name without the subset tag, per line of text.
      const fontsOf = (text: string) => [...new Set(pdfLines(bytes).filter((l) => l.text === text).flatMap((l) => l.glyphs.map((g) => g.baseFont.replace(/^[A-Z]{6}\+/, ""))))];
      return { fontsOf, ...inspect(bytes) };
    } finally {
      await t.db.update(cards).set({ template: card.template }).where(eq(cards.cardNo, card.cardNo));
    }
  }

  test("a serif-headed theme (storefront: serif names, sans body) embeds Noto Serif for the names only; pdftotext gives the Hindi name back", async () => {
    const pdf = await printedIn("storefront");
    expect(pdf.fontsOf("सुनील गुप्ता")).toEqual(["NotoSerifDevanagari-Bold"]);
    expect(pdf.fontsOf("Gupta Electricals")).toEqual(["NotoSerif-Bold"]);
    expect(pdf.fontsOf("Rajesh Sharma")).toEqual(["NotoSerif-Bold"]);
    expect(pdf.fontsOf("प्रबंधक")).toEqual(["NotoSansDevanagari-Regular"]);
    expect(pdf.fontsOf("Owner")).toEqual(["NotoSans-Regular"]);
    expect(pdf.fonts).toMatch(/\+NotoSerifDevanagari-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(pdf.fonts).toMatch(/\+NotoSerif-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(pdf.text).toContain("सुनील गुप्ता");
    expect(pdf.text).toContain("प्रबंधक");
  });

  test("letterhead (serif throughout) draws the body in Noto Serif too; a sans theme (style-1) embeds no serif; a mono-headed one (stripes) names in Noto Sans Mono, Hindi in Noto Sans Devanagari", async () => {
    const letterhead = await printedIn("letterhead");
    expect(letterhead.fontsOf("प्रबंधक")).toEqual(["NotoSerifDevanagari-Regular"]);
    expect(letterhead.fontsOf("Owner")).toEqual(["NotoSerif-Regular"]);
    expect(letterhead.text).toContain("सुनील गुप्ता");

    const sans = await printedIn("style-1");
    expect(sans.fonts).not.toMatch(/NotoSerif/);
    expect(sans.fontsOf("सुनील गुप्ता")).toEqual(["NotoSansDevanagari-Bold"]);
    expect(sans.fontsOf("Gupta Electricals")).toEqual(["NotoSans-Bold"]);

    const mono = await printedIn("stripes");
    expect(mono.fontsOf("Gupta Electricals")).toEqual(["NotoSansMono-Bold"]);
    expect(mono.fontsOf("सुनील गुप्ता")).toEqual(["NotoSansDevanagari-Bold"]);
    expect(mono.fontsOf("Owner")).toEqual(["NotoSans-Regular"]);
    expect(mono.fonts).not.toMatch(/NotoSerif/);
    expect(mono.text).toContain("सुनील गुप्ता");
  });
});

describe("export, payment and the watermark", () => {
  test("the plan pays (premium: 1 PDF card), the next is refused with upgrade, a bought credit pays once, then the single export is used", async () => {
    // A business of its own for a clean count: Sharma's plan (premium, pdfCardLimit 1) copied.
    const [own] = await t.db.select().from(businesses).where(eq(businesses.businessId, sharma));
    const { businessId: _id, ...rest } = own;
    const [b] = await t.db.insert(businesses).values({ ...rest, businessName: "Plan Test Sweets" }).returning();

    const first = await create("customer", b.businessId, { companyName: "Plan Paid Co" });
    const exp = await t.requestAs("customer", "POST", "/pdf-card/exportPdfCard", { body: { pdfCardNo: first.pdfCardNo } });
    expect(exp.status, exp.text).toBe(200);
    expect(exp.json.pdfCard).toMatchObject({ isPaid: true, paidBy: "plan", exportCount: 1, canExport: true });
    const clean = inspect((await download("customer", { pdfCardNo: first.pdfCardNo })).bytes);
    expect(clean.text).toContain("Plan Paid Co");
    expect(clean.sample).toBe(false);

    const second = await create("customer", b.businessId, { companyName: "Second Co" });
    const refused = await t.requestAs("customer", "POST", "/pdf-card/exportPdfCard", { body: { pdfCardNo: second.pdfCardNo } });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ upgrade: true, message: "Your plan allows 1 PDF card. You can also buy one more PDF ID card." });

    const manual = await t.requestAs("admin", "POST", "/pdf-card/pdf-card-payment", { body: { businessId: b.businessId, planId: 1, isManualUpdate: true, paymentAmount: 9900 } });
    expect(manual.status, manual.text).toBe(200);
    const [x, y] = await Promise.all([
      t.requestAs("customer", "POST", "/pdf-card/exportPdfCard", { body: { pdfCardNo: second.pdfCardNo } }),
      t.requestAs("customer", "POST", "/pdf-card/exportPdfCard", { body: { pdfCardNo: second.pdfCardNo } }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]); // a double click: one export
    expect(x.json.pdfCard).toMatchObject({ isPaid: true, paidBy: "credit", exportCount: 1, canExport: false });
    expect(y.json.pdfCard.exportCount).toBe(1);
    expect(inspect((await download("customer", { pdfCardNo: second.pdfCardNo })).bytes).sample).toBe(false);

    t.clock.advance(60_000); // past the double-click window
    const used = await t.requestAs("customer", "POST", "/pdf-card/exportPdfCard", { body: { pdfCardNo: second.pdfCardNo } });
    expect(used.status).toBe(409);
    expect(used.json.message).toMatch(/single export is used/);
    const edit = await t.requestAs("customer", "POST", "/pdf-card/updatePdfCardBasicDetails", {
      body: { pdfCardNo: second.pdfCardNo, companyName: "Another Co", registeredPhoneNumber: "9876543210", people: [person] },
    });
    expect(edit.status).toBe(409);
    // The paid card stays; a customer cannot delete it, staff can.
    expect((await t.requestAs("customer", "POST", "/pdf-card/deletePdfCard", { body: { pdfCardNo: second.pdfCardNo } })).status).toBe(409);
  });

  test("on the free trial the export asks for an upgrade; the watermark stays", async () => {
    const card = await create("foreignCustomer", iyer);
    const res = await t.requestAs("foreignCustomer", "POST", "/pdf-card/exportPdfCard", { body: { pdfCardNo: card.pdfCardNo } });
    expect(res.status).toBe(403);
    expect(res.json.upgrade).toBe(true);
    expect(inspect((await download("foreignCustomer", { pdfCardNo: card.pdfCardNo })).bytes).sample).toBe(true);
  });

  test("forceDownloadWithoutSampleWatermark: staff only", async () => {
    const card = await create("customer", sharma, { companyName: "Force Co" });
    const customer = await download("customer", { pdfCardNo: card.pdfCardNo, forceDownloadWithoutSampleWatermark: true });
    expect(customer.status).toBe(403);
    expect(customer.json.message).toMatch(/Only staff/);
    const admin = await download("admin", { pdfCardNo: card.pdfCardNo, forceDownloadWithoutSampleWatermark: true });
    expect(admin.status).toBe(200);
    expect(inspect(admin.bytes).sample).toBe(false);
    expect(inspect((await download("admin", { pdfCardNo: card.pdfCardNo })).bytes).sample).toBe(true);
  });
});

describe("staff", () => {
  test("the list: search by companyName and registeredPhoneNumber, filters, paging; customers may not", async () => {
    await create("customer", sharma, { companyName: "Zebra Searchable Ltd", registeredPhoneNumber: "9811122233" });
    const byName = await t.requestAs("admin", "GET", "/pdf-card/getPdfCardList", { query: { search: "zebra search", searchField: "companyName" } });
    expect(byName.status).toBe(200);
    expect(byName.json.list.map((c: { companyName: string }) => c.companyName)).toEqual(["Zebra Searchable Ltd"]);
    const byPhone = await t.requestAs("admin", "GET", "/pdf-card/getPdfCardList", { query: { search: "98111 22233", searchField: "registeredPhoneNumber" } });
    expect(byPhone.json.list.map((c: { companyName: string }) => c.companyName)).toEqual(["Zebra Searchable Ltd"]);
    const paid = await t.requestAs("admin", "GET", "/pdf-card/getPdfCardList", { query: { paid: "yes", pageSize: 100 } });
    expect(paid.json.list.every((c: { isPaid: boolean }) => c.isPaid)).toBe(true);
    const page = await t.requestAs("admin", "GET", "/pdf-card/getPdfCardList", { query: { pageSize: 1, page: 2 } });
    expect(page.json.list).toHaveLength(1);
    expect(page.json.total).toBeGreaterThan(1);
    expect((await t.requestAs("customer", "GET", "/pdf-card/getPdfCardList", {})).status).toBe(403);
    // Another agency's admin sees none of ours.
    const other = await t.requestAs("otherAgencyAdmin", "GET", "/pdf-card/getPdfCardList", { query: { search: "Zebra" } });
    expect(other.json.total).toBe(0);
  });

  test("status: staff set a card inactive; its customer can then neither export nor download it (JSON error)", async () => {
    const card = await create("customer", sharma, { companyName: "Status Co" });
    expect((await t.requestAs("customer", "POST", "/pdf-card/updatePdfCardStatus", { body: { pdfCardNo: card.pdfCardNo, status: "inactive" } })).status).toBe(403);
    const res = await t.requestAs("admin", "POST", "/pdf-card/updatePdfCardStatus", { body: { pdfCardNo: card.pdfCardNo, status: "inactive" } });
    expect(res.status).toBe(200);
    expect(res.json.pdfCard.status).toBe("inactive");
    const dl = await download("customer", { pdfCardNo: card.pdfCardNo });
    expect(dl.status).toBe(409);
    expect(dl.json.message).toBe("This PDF card is inactive.");
    expect((await t.requestAs("customer", "POST", "/pdf-card/exportPdfCard", { body: { pdfCardNo: card.pdfCardNo } })).status).toBe(409);
    const filtered = await t.requestAs("admin", "GET", "/pdf-card/getPdfCardList", { query: { status: "inactive" } });
    expect(filtered.json.list.map((c: { pdfCardNo: number }) => c.pdfCardNo)).toContain(card.pdfCardNo);
  });

  test("delete: the customer deletes an unpaid card; staff delete a paid one; then it is 404", async () => {
    const card = await create("customer", sharma, { companyName: "Delete Co" });
    const del = await t.requestAs("customer", "POST", "/pdf-card/deletePdfCard", { body: { pdfCardNo: card.pdfCardNo } });
    expect(del.json).toEqual({ deleted: true, pdfCardNo: card.pdfCardNo });
    expect((await t.requestAs("customer", "POST", "/pdf-card/deletePdfCard", { body: { pdfCardNo: card.pdfCardNo } })).status).toBe(404);
    const paid = await create("customer", sharma, { companyName: "Paid Delete Co" });
    await t.db.update(pdfCards).set({ isPaid: true }).where(eq(pdfCards.pdfCardNo, paid.pdfCardNo));
    expect((await t.requestAs("admin", "POST", "/pdf-card/deletePdfCard", { body: { pdfCardNo: paid.pdfCardNo } })).status).toBe(200);
    expect((await t.requestAs("admin", "GET", "/pdf-card/pdfCard", { query: { pdfCardNo: paid.pdfCardNo } })).status).toBe(404);
  });
});
