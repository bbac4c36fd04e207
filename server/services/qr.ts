import crypto from "node:crypto";
import QRCode from "qrcode";

/**
 * QR codes of a text (a card's public URL, its offline contact, its UPI link), PNG and SVG. A text's code never changes, so each is made
 * once and kept (a few hundred bytes to a few KB each) with an ETag for conditional requests.
 */
export type QrFormat = "png" | "svg";
export type QrImage = { body: Uint8Array<ArrayBuffer>; contentType: string; etag: string };

const MAX_ENTRIES = 500;
const cache = new Map<string, QrImage>();

export const etagOf = (bytes: Uint8Array | string) =>
  `"${crypto.createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;

export async function qrCode(url: string, format: QrFormat): Promise<QrImage> {
  const key = `${format} ${url}`;
  const hit = cache.get(key);
  if (hit) {
    // Refresh its place: the Map's insertion order is the eviction order (least recent first).
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  // Level M survives a smudged or partly covered print; margin 2 modules is enough on a white card.
  const options = { errorCorrectionLevel: "M" as const, margin: 2 };
  const body =
    format === "png"
      ? new Uint8Array(await QRCode.toBuffer(url, { ...options, type: "png", width: 512 }))
      : new TextEncoder().encode(await QRCode.toString(url, { ...options, type: "svg" }));
  const image = { body, contentType: format === "png" ? "image/png" : "image/svg+xml", etag: etagOf(body) };
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, image);
  return image;
}
