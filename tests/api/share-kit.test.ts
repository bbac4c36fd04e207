/**
 * The owner's share kit (ADR 0062, 0064): the A6 counter poster PDF (valid, its text, its QR codes
 * read back from the printed page by a real decoder) and the signed "Save to Google Wallet" link
 * (signature checked with the public key, the pass inside).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { cards } from "#server/db/schema/business.ts";
import { loadConfig } from "#server/config.ts";
import { WALLET_SAVE_URL } from "#server/services/google-wallet.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { decodeQr, pdfPagePng } from "../support/qr-decode.ts";

const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const serviceAccount = {
  type: "service_account",
  client_email: "wallet@card-panel-test.iam.gserviceaccount.com",
  private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
};
const WALLET_ENV = { GOOGLE_WALLET_ISSUER_ID: "3388000000012345678", GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: JSON.stringify(serviceAccount) };

let t: TestApi;
let plain: TestApi;
let businessId: number;
beforeAll(async () => {
  [t, plain] = await Promise.all([createTestApi({ env: WALLET_ENV }), createTestApi()]);
  const [card] = await t.db.select().from(cards).where(eq(cards.cardId, "sharma-sweets"));
  businessId = card.businessId;
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

describe("A6 counter poster", () => {
  test("a valid one-page A6 PDF with the name and UPI id, whose codes a scanner reads from the printed page", async () => {
    const res = await t.api.request(`http://localhost/api/v1/share-kit/poster?businessId=${businessId}`, { headers: { cookie: await t.signInAs("customer"), "x-panel-client-ip": "10.9.9.9" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="sharma-sweets-poster.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "poster-"));
    const file = path.join(dir, "poster.pdf");
    fs.writeFileSync(file, pdf);
    execFileSync("qpdf", ["--check", file]);
    const info = execFileSync("pdfinfo", [file]).toString();
    expect(info).toMatch(/Pages:\s+1\n/);
    // A6: 105 × 148 mm = 297.6 × 419.5 pt.
    expect(info).toMatch(/Page size:\s+297\.6\d* x 419\.5\d* pts/);
    const text = execFileSync("pdftotext", [file, "-"]).toString();
    expect(text).toContain("Sharma Sweets");
    expect(text).toContain("Save our contact");
    expect(text).toContain("Works without internet");
    expect(text).toContain("UPI ID: demo@upi");
    fs.rmSync(dir, { recursive: true, force: true });

    // Printed at 150 dpi (a cheap office printer), then read as a phone would: top half the contact, bottom half UPI.
    const page = pdfPagePng(pdf, 1, 150);
    const { width, height } = await sharp(page).metadata();
    const top = await decodeQr(page, { left: 0, top: 0, width: width!, height: Math.round(height! * 0.62) });
    expect(top?.text).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(top?.text.replace(/\r\n /g, "")).toContain("ORG:Sharma Sweets\r\n");
    const bottom = await decodeQr(page, { left: 0, top: Math.round(height! * 0.62), width: width!, height: height! - Math.round(height! * 0.62) });
    expect(bottom?.text).toMatch(/^upi:\/\/pay\?pa=demo@upi&pn=.+&cu=INR$/);
  });

  test("a business the caller may not see is 404", async () => {
    expect((await t.requestAs("otherAgencyCustomer", "GET", "/share-kit/poster", { query: { businessId } })).status).toBe(404);
    expect((await t.requestAs("otherAgencyCustomer", "GET", "/share-kit", { query: { businessId } })).status).toBe(404);
  });
});

describe("ID card back", () => {
  test("each person's card gets a back page after the fronts and sheets: their contact and the UPI code, both readable when printed", async () => {
    const created = await t.requestAsUnchecked("customer", "POST", "/pdf-card/pdfCard", {
      body: { businessId, templateCode: "aurora-portrait", people: [{ personName: "Rajesh Sharma", designation: "Owner", phones: ["9876543210"], email: "rajesh@example.com" }] },
    });
    expect(created.status, created.text).toBe(200);
    const pdfCardNo = created.json.pdfCard.pdfCardNo as number;
    const res = await t.api.request(`http://localhost/api/v1/pdf-card/downloadPdfCard?pdfCardNo=${pdfCardNo}`, { headers: { cookie: await t.signInAs("customer"), "x-panel-client-ip": "10.9.9.9" } });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "idcard-"));
    const file = path.join(dir, "card.pdf");
    fs.writeFileSync(file, pdf);
    const info = execFileSync("pdfinfo", ["-f", "1", "-l", "3", file]).toString();
    // Front (CR80 + bleed), the A4 sheet, then the back (CR80 + bleed).
    expect(info).toMatch(/Pages:\s+3\n/);
    expect(info).toMatch(/Page\s+2 size:\s+595\.2\d+ x 841\.8\d+ pts/);
    expect(info).toMatch(/Page\s+3 size:\s+170\.0\d+ x 259\.6\d+ pts/);
    const back = execFileSync("pdftotext", ["-f", "3", "-l", "3", file, "-"]).toString();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(back).toContain("Scan to save contact");
    expect(back).toContain("Pay by UPI · demo@upi");

    // At 300 dpi (a print shop): the contact code is the upper one, the UPI code the lower one.
    const page = pdfPagePng(pdf, 3, 300);
    const { width, height } = await sharp(page).metadata();
    const cut = Math.round(height! * 0.57); // between the codes: the contact code ends at 54 %, the UPI one starts at 60 %
    const contact = await decodeQr(page, { left: 0, top: 0, width: width!, height: cut });
    const vcard = contact!.text.replace(/\r\n /g, "");
    expect(vcard).toContain("FN:Rajesh Sharma\r\n");
    expect(vcard).toContain("TITLE:Owner\r\n");
    expect(vcard).toContain("TEL;TYPE=CELL:+919876543210\r\n");
    expect(vcard).toContain("URL:http://localhost/sharma-sweets\r\n");
    const upi = await decodeQr(page, { left: 0, top: cut, width: width!, height: height! - cut });
    expect(upi?.text).toMatch(/^upi:\/\/pay\?pa=demo@upi&/);
  });
});

function verifyJwt(jwt: string) {
  const [h, p, s] = jwt.split(".");
  const ok = crypto.createVerify("RSA-SHA256").update(`${h}.${p}`).verify(publicKey, Buffer.from(s, "base64url"));
  return { ok, header: JSON.parse(Buffer.from(h, "base64url").toString()), claims: JSON.parse(Buffer.from(p, "base64url").toString()) };
}

describe("Save to Google Wallet", () => {
  test("a save link whose JWT is RS256-signed by the service account and embeds the card's generic pass", async () => {
    const res = await t.requestAs("customer", "GET", "/share-kit", { query: { businessId } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ cardId: "sharma-sweets", publicUrl: "http://localhost/sharma-sweets", live: true, hasUpi: true });
    const url = res.json.walletUrl!;
    expect(url.startsWith(WALLET_SAVE_URL)).toBe(true);
    const jwt = url.slice(WALLET_SAVE_URL.length);
    const { ok, header, claims } = verifyJwt(jwt);
    expect(ok).toBe(true);
    expect(header).toEqual({ alg: "RS256", typ: "JWT" });
    expect(claims).toMatchObject({ iss: serviceAccount.client_email, aud: "google", typ: "savetowallet", origins: ["http://localhost"] });
    const classId = `${WALLET_ENV.GOOGLE_WALLET_ISSUER_ID}.card-panel-business-card`;
    expect(claims.payload.genericClasses).toEqual([{ id: classId }]);
    const [pass] = claims.payload.genericObjects;
    expect(pass).toMatchObject({
      id: expect.stringMatching(new RegExp(`^${WALLET_ENV.GOOGLE_WALLET_ISSUER_ID}\\.a\\d+-sharma-sweets$`)),
      classId,
      state: "ACTIVE",
      cardTitle: { defaultValue: { value: "Sharma Sweets" } },
      hexBackgroundColor: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      barcode: { type: "QR_CODE", value: "http://localhost/sharma-sweets" },
    });
    expect(pass.textModulesData).toContainEqual({ id: "upi", header: "UPI ID", body: "demo@upi" });

    // A tampered payload fails the signature.
    const [h, p, s] = jwt.split(".");
    const forged = Buffer.from(Buffer.from(p, "base64url").toString().replace("Sharma Sweets", "Fake Sweets")).toString("base64url");
    expect(verifyJwt(`${h}.${forged}.${s}`).ok).toBe(false);
  });

  test("hidden (null) when the operator has not configured Wallet", async () => {
    const res = await plain.requestAs("customer", "GET", "/share-kit", { query: { businessId } });
    expect(res.status).toBe(200);
    expect(res.json.walletUrl).toBeNull();
  });

  test("the settings are checked at start: both or neither, and a real JSON key", () => {
    const base = { NODE_ENV: "test" };
    expect(loadConfig({ ...base, ...WALLET_ENV }).googleWallet).toMatchObject({ issuerId: WALLET_ENV.GOOGLE_WALLET_ISSUER_ID, clientEmail: serviceAccount.client_email });
    expect(loadConfig(base).googleWallet).toBeNull();
    expect(() => loadConfig({ ...base, GOOGLE_WALLET_ISSUER_ID: WALLET_ENV.GOOGLE_WALLET_ISSUER_ID })).toThrow(/together/);
    expect(() => loadConfig({ ...base, ...WALLET_ENV, GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: "not json" })).toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT_KEY must be the service account's JSON key/);
  });
});
