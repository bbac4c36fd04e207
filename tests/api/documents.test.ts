/**
 * POST /document/uploadDoc and the storage behind it (ADR 0010): real images made with sharp,
 * EXIF orientation and metadata, sizes and types by magic bytes, ownership, serving /uploads,
 * and the S3 driver's Signature V4 against AWS's published example and a stand-in bucket server.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { businesses, cards, documents } from "#server/db/schema/business.ts";
import { UPLOAD_MESSAGES } from "#contracts/constants.ts";
import { serveUploads } from "#server/services/storage/serve.ts";
import { s3Storage, signV4 } from "#server/services/storage/s3.ts";
import type { Storage } from "#server/services/storage/index.ts";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";
import { standInBucket } from "../support/s3-stand-in.ts";

let t: TestApi;
const biz: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApi();
  for (const c of await t.db.select().from(cards)) biz[c.cardId] = c.businessId;
});
afterAll(() => t?.close());

const sharma = () => biz["sharma-sweets"];
const gupta = () => biz["gupta-electricals"];

type Part = { bytes: Uint8Array | string; name?: string; type?: string };
async function upload(role: RoleName | null, file: Part | null, fields: Record<string, string | number> = {}) {
  const form = new FormData();
  if (file) form.set("file", new File([file.bytes as BlobPart], file.name ?? "photo.png", { type: file.type ?? "image/png" }));
  for (const [k, v] of Object.entries({ hierarchy1: "card-gallery", hierarchy2: sharma(), ...fields })) form.set(k, String(v));
  const cookie = role ? await t.signInAs(role) : undefined;
  return t.request("POST", "/document/uploadDoc", { rawBody: form, cookie, host: role ? ROLES[role].host : undefined });
}

/** A photo-like image: left half red, right half blue (so a rotation shows). */
const twoTone = (width: number, height: number, channels: 3 | 4 = 3) => {
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      raw.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], i);
      if (channels === 4) raw[i + 3] = x < 10 ? 0 : 255;
    }
  return sharp(raw, { raw: { width, height, channels } });
};
const keyOf = (url: string) => url.replace(/^\/uploads\//, "");
const storedMeta = async (url: string) => {
  const file = await t.deps.storage.get(keyOf(url));
  expect(file, url).not.toBeNull();
  return { file: file!, meta: await sharp(file!.bytes).metadata() };
};
const pixel = async (bytes: Uint8Array, x: number, y: number) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
};

describe("images", () => {
  test("a large PNG photo: re-encoded as JPEG, fitted to 1600 px, stored, recorded and readable back", async () => {
    const png = await twoTone(2400, 1200).png().toBuffer();
    const res = await upload("customer", { bytes: png, name: "../../Diwali Counter.PNG" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      hierarchy1: "card-gallery",
      hierarchy2: String(sharma()),
      mimeType: "image/jpeg",
      width: 1600,
      height: 800,
      fileName: "Diwali Counter.jpg",
    });
    expect(res.json.url).toMatch(/^\/uploads\/\d+\/card-gallery\/\d+\/[0-9a-f]{32}\.jpg$/);
    const { file, meta } = await storedMeta(res.json.url);
    expect(meta).toMatchObject({ format: "jpeg", width: 1600, height: 800 });
    expect(file.contentType).toBe("image/jpeg");
    expect(res.json.sizeBytes).toBe(file.bytes.byteLength);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, res.json.documentId));
    expect(row).toMatchObject({ hierarchy1: "card-gallery", hierarchy2: String(sharma()), mimeType: "image/jpeg", storageKey: keyOf(res.json.url) });
    expect(row.ownerUserId).not.toBeNull();
    // The URL is one the card editor's schemas accept for a gallery image.
    const saved = await t.request("POST", "/updateCardGallery", {
      cookie: await t.signInAs("customer"),
      body: { cardNo: (await t.db.select().from(cards).where(eq(cards.businessId, sharma())))[0].cardNo, images: [{ url: res.json.url }] },
    });
    expect(saved.status, saved.text).toBe(200);
  });

  test("a logo with transparency: WebP (alpha kept), at most 512 px", async () => {
    const png = await twoTone(1000, 800, 4).png().toBuffer();
    const res = await upload("customer", { bytes: png, name: "logo.png" }, { hierarchy1: "business-logo" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ mimeType: "image/webp", width: 512, height: 410 });
    const { meta } = await storedMeta(res.json.url);
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 410, hasAlpha: true });
  });

  test("a phone photo: turned upright by its EXIF orientation, and every bit of metadata stripped", async () => {
    // Stored sideways (400×200) with orientation 6 = "rotate 90° clockwise to show", plus camera EXIF.
    const jpeg = await twoTone(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: "Secret Camera Owner", Make: "PhoneCo" } })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const res = await upload("customer", { bytes: jpeg, name: "IMG_0001.jpg", type: "image/jpeg" }, { hierarchy1: "card-product" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ width: 200, height: 400 });
    const { file, meta } = await storedMeta(res.json.url);
    expect(meta.width).toBe(200);
    expect(meta.height).toBe(400);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(Buffer.from(file.bytes).includes("Secret Camera Owner")).toBe(false);
    // The original's left (red) half is now the top.
    const [rTop, , bTop] = await pixel(file.bytes, 100, 50);
    const [rBottom, , bBottom] = await pixel(file.bytes, 100, 350);
    expect(rTop).toBeGreaterThan(150);
    expect(bTop).toBeLessThan(100);
    expect(bBottom).toBeGreaterThan(150);
    expect(rBottom).toBeLessThan(100);
  });

  test("WebP in is accepted; small images are never enlarged", async () => {
    const webp = await twoTone(300, 200).webp().toBuffer();
    const res = await upload("customer", { bytes: webp, name: "small.webp", type: "image/webp" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ width: 300, height: 200 });
  });

  test("a payment QR keeps sharp edges (lossless WebP)", async () => {
    const png = await twoTone(600, 600).png().toBuffer();
    const res = await upload("customer", { bytes: png, name: "upi-qr.png" }, { hierarchy1: "payment-qr" });
    expect(res.status, res.text).toBe(200);
    const { file } = await storedMeta(res.json.url);
    expect(await pixel(file.bytes, 10, 10)).toEqual([220, 20, 20]);
  });
});

describe("refused files", () => {
  test("text bytes called .png are not an image: 415 with the sentence, nothing stored; a PDF is suggested only where one is allowed", async () => {
    const count = await t.db.$count(documents);
    const res = await upload("customer", { bytes: "hello, I am not a picture at all", name: "fake.png", type: "image/png" });
    expect(res.status).toBe(415);
    expect(res.json.message).toBe("Upload a JPEG, PNG or WebP image.");
    expect(res.json.fieldErrors.file).toEqual([UPLOAD_MESSAGES.wrongImageType]);
    expect(await t.db.$count(documents)).toBe(count);
    const asDocument = await upload("customer", { bytes: "hello, I am not a document", name: "fake.pdf" }, { hierarchy1: "document" });
    expect(asDocument.json.message).toBe("Upload a JPEG, PNG or WebP image, or a PDF.");
  });

  test("SVG and HTML are refused whatever they are called", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect((await upload("customer", { bytes: svg, name: "logo.svg", type: "image/svg+xml" })).status).toBe(415);
    expect((await upload("customer", { bytes: "<html><script>alert(1)</script>", name: "x.jpg", type: "image/jpeg" })).status).toBe(415);
  });

  test("a corrupt image (right header, broken data): 422 'This file is not a valid image.'", async () => {
    const png = await twoTone(200, 200).png().toBuffer();
    const broken = Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]);
    const res = await upload("customer", { bytes: broken, name: "broken.png" });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe("This file is not a valid image.");
    expect(res.json.fieldErrors.file).toEqual([UPLOAD_MESSAGES.invalidImage]);
  });

  test("an image over 5 MB: 413 saying how big it is and the limit", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await upload("customer", { bytes: big, name: "huge.png" });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("The photo is 5.1 MB; the limit is 5 MB.");
    expect(res.json.fieldErrors.file).toEqual(["The photo is 5.1 MB; the limit is 5 MB."]);
    const eight = Buffer.alloc(8 * 1024 * 1024, 1);
    eight.set([0xff, 0xd8, 0xff]);
    expect((await upload("customer", { bytes: eight, name: "big.jpg", type: "image/jpeg" })).json.message).toBe("The photo is 8 MB; the limit is 5 MB.");
  });

  test("PDFs: up to 10 MB as a document, stored as sent; not as a card picture; larger refused", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const ok = await upload("customer", { bytes: pdf, name: "price-list.pdf", type: "application/pdf" }, { hierarchy1: "document" });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ mimeType: "application/pdf", width: null, height: null, sizeBytes: pdf.byteLength, fileName: "price-list.pdf" });
    expect(Buffer.from((await t.deps.storage.get(keyOf(ok.json.url)))!.bytes).equals(pdf)).toBe(true);

    const asPicture = await upload("customer", { bytes: pdf, name: "menu.pdf", type: "application/pdf" }, { hierarchy1: "card-gallery" });
    expect(asPicture.status).toBe(415);
    expect(asPicture.json.message).toBe("Upload a JPEG, PNG or WebP image.");

    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 32);
    big.write("%PDF-1.4");
    const tooBig = await upload("customer", { bytes: big, name: "big.pdf", type: "application/pdf" }, { hierarchy1: "document" });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toBe("The PDF is 10.1 MB; the limit is 10 MB.");

    const huge = Buffer.alloc(12 * 1024 * 1024, 32);
    huge.write("%PDF-1.4");
    const wayTooBig = await upload("customer", { bytes: huge, name: "huge.pdf", type: "application/pdf" }, { hierarchy1: "document" });
    expect(wayTooBig.status).toBe(413);
    expect(wayTooBig.json.message).toBe("The file is too large; the limit is 10 MB."); // streamed: size unknown
    // As a browser sends it (with Content-Length): the size is stated.
    const form = new FormData();
    form.set("file", new File([huge], "huge.pdf", { type: "application/pdf" }));
    form.set("hierarchy1", "document");
    form.set("hierarchy2", String(sharma()));
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const sized = await t.request("POST", "/document/uploadDoc", {
      rawBody: bytes,
      cookie: await t.signInAs("customer"),
      headers: { "content-type": encoded.headers.get("content-type")!, "content-length": String(bytes.byteLength) },
    });
    expect(sized.status).toBe(413);
    expect(sized.json.message).toBe("The file is 12.1 MB; the limit is 10 MB.");
  });

  test("missing file, unknown purpose or business: 422 with field messages", async () => {
    const png = await twoTone(20, 20).png().toBuffer();
    const noFile = await upload("customer", null);
    expect(noFile.status).toBe(422);
    expect(noFile.json.fieldErrors.file).toEqual([UPLOAD_MESSAGES.noFile]);
    const purpose = await upload("customer", { bytes: png }, { hierarchy1: "../../etc" });
    expect(purpose.status).toBe(422);
    expect(purpose.json.fieldErrors.hierarchy1).toEqual([UPLOAD_MESSAGES.purpose]);
    const business = await upload("customer", { bytes: png }, { hierarchy2: "abc" });
    expect(business.status).toBe(422);
    expect(business.json.fieldErrors.hierarchy2).toEqual([UPLOAD_MESSAGES.business]);
    const json = await t.requestUnchecked("POST", "/document/uploadDoc", { cookie: await t.signInAs("customer"), body: { hierarchy1: "card-gallery" } });
    expect(json.status).toBe(415);
  });
});

describe("who may upload for which business", () => {
  test("another customer's, another agency's or a franchisee's foreign business: 404; anonymous 401", async () => {
    const png = await twoTone(20, 20).png().toBuffer();
    expect((await upload("foreignCustomer", { bytes: png })).status).toBe(404);
    expect((await upload("otherAgencyAdmin", { bytes: png })).status).toBe(404);
    expect((await upload("otherAgencyCustomer", { bytes: png })).status).toBe(404);
    expect((await upload("franchisee", { bytes: png })).status).toBe(404);
    expect((await upload(null, { bytes: png })).status).toBe(401);
    const [dental] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Smile Care Dental Clinic"));
    expect((await upload("customer", { bytes: png }, { hierarchy2: dental.businessId })).status).toBe(404);
  });

  test("staff upload for businesses they may see; the row records who", async () => {
    const png = await twoTone(20, 20).png().toBuffer();
    const res = await upload("franchisee", { bytes: png }, { hierarchy2: gupta() });
    expect(res.status, res.text).toBe(200);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, res.json.documentId));
    expect(row.ownerFranchiseeId).not.toBeNull();
    expect(row.ownerUserId).toBeNull();
    expect((await upload("admin", { bytes: png })).status).toBe(200);
  });
});

describe("GET /uploads/<key>", () => {
  const web = () => {
    const app = new Hono();
    app.get("/uploads/*", serveUploads(t.deps.storage));
    return app;
  };

  test("serves the stored file with its type, a year of caching, nosniff and a sandbox", async () => {
    const jpeg = await twoTone(64, 64).jpeg().toBuffer();
    const up = await upload("customer", { bytes: jpeg, name: "a.jpg", type: "image/jpeg" });
    const res = await web().request(`http://localhost${up.json.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    const body = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(body).equals(Buffer.from((await t.deps.storage.get(keyOf(up.json.url)))!.bytes))).toBe(true);
  });

  test("unknown keys and path tricks are 404", async () => {
    for (const p of ["/uploads/1/card-gallery/1/0000.jpg", "/uploads/../../etc/passwd", "/uploads/%2e%2e/%2e%2e/etc/passwd", "/uploads/1/x/.env", "/uploads/1/a.html", "/uploads/%E0%A4%A"]) {
      expect((await web().request(`http://localhost${p}`)).status, p).toBe(404);
    }
  });
});

/* ---- S3-compatible storage ---- */

describe("S3 driver", () => {
  test("Signature V4 matches AWS's published S3 example (GET with Range)", () => {
    const headers = signV4({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { range: "bytes=0-9" },
      payloadHash: createHash("sha256").update("").digest("hex"),
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      region: "us-east-1",
      date: new Date("2013-05-24T00:00:00Z"),
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  const options = (endpoint: string, secretAccessKey = "test-secret-key") => ({
    endpoint,
    region: "ap-south-1",
    bucket: "card-uploads",
    accessKeyId: "TESTKEYID",
    secretAccessKey,
  });

  test("put, get and delete are signed requests a bucket accepts; a wrong secret is refused", async () => {
    const bucket = await standInBucket("test-secret-key");
    try {
      const s3 = s3Storage(options(bucket.endpoint));
      const bytes = new Uint8Array([1, 2, 3, 4, 5]);
      await s3.put("7/card-gallery/9/abc123.jpg", bytes, "image/jpeg");
      expect(bucket.objects.get("/card-uploads/7/card-gallery/9/abc123.jpg")).toMatchObject({ type: "image/jpeg" });
      const back = await s3.get("7/card-gallery/9/abc123.jpg");
      expect(back).toEqual({ bytes, contentType: "image/jpeg" });
      expect(await s3.get("7/card-gallery/9/missing.jpg")).toBeNull();
      await s3.delete("7/card-gallery/9/abc123.jpg");
      expect(bucket.objects.size).toBe(0);
      expect(bucket.seen.every((r) => r.ok)).toBe(true);
      // Without a public bucket URL, files are served through the app.
      expect(s3.publicUrl("7/card-gallery/9/abc123.jpg")).toBe("/uploads/7/card-gallery/9/abc123.jpg");
      expect(s3Storage({ ...options(bucket.endpoint), publicUrl: "https://cdn.example.com/" }).publicUrl("7/a.jpg")).toBe("https://cdn.example.com/7/a.jpg");

      const wrong = s3Storage(options(bucket.endpoint, "not-the-secret"));
      await expect(wrong.put("7/card-gallery/9/x.jpg", bytes, "image/jpeg")).rejects.toThrow(/403/);
    } finally {
      await bucket.close();
    }
  });

  test("an upload through the API lands in the bucket and is served back through /uploads", async () => {
    const bucket = await standInBucket("test-secret-key");
    const local: Storage = t.deps.storage;
    t.deps.storage = s3Storage(options(bucket.endpoint));
    try {
      const png = await twoTone(100, 50).png().toBuffer();
      const res = await upload("customer", { bytes: png, name: "shop.png" });
      expect(res.status, res.text).toBe(200);
      expect(bucket.objects.has(`/card-uploads/${keyOf(res.json.url)}`)).toBe(true);
      expect(await local.get(keyOf(res.json.url))).toBeNull();
      const app = new Hono();
      app.get("/uploads/*", serveUploads(t.deps.storage));
      const served = await app.request(`http://localhost${res.json.url}`);
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("jpeg");
    } finally {
      t.deps.storage = local;
      await bucket.close();
    }
  });
});
