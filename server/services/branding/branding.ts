import { createHash } from "node:crypto";
import sharp from "sharp";
import { qrLayer, renderFrameOverlayRaw, type BrandDetails, type FrameSettings } from "./overlay.ts";

/*
 * A greeting post with the business's frame on it, as a JPEG. Two caches, both in memory and
 * bounded by bytes: the frame layer per (details, settings, size) — text shaping is the slow
 * part and the same frame goes on every post of the day — and the finished JPEG per ETag
 * (post, details version, settings, size), which is what makes a repeated request cheap.
 */

class ByteLru<V> {
  private map = new Map<string, { value: V; bytes: number }>();
  private total = 0;
  constructor(private readonly budget: number) {}
  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }
  set(key: string, value: V, bytes: number) {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.bytes;
      this.map.delete(key);
    }
    this.map.set(key, { value, bytes });
    this.total += bytes;
    while (this.total > this.budget && this.map.size > 1) {
      const [k, v] = this.map.entries().next().value!;
      this.map.delete(k);
      this.total -= v.bytes;
    }
  }
  clear() {
    this.map.clear();
    this.total = 0;
  }
}

type RawOverlay = Awaited<ReturnType<typeof renderFrameOverlayRaw>>;
const overlays = new ByteLru<Promise<RawOverlay>>(96 * 1024 * 1024);
const jpegs = new ByteLru<Buffer>(64 * 1024 * 1024);

/** A short hash naming the business's details and frame: changes whenever anything drawn changes. */
export function detailsVersion(details: BrandDetails, settings: FrameSettings, logoVersion: string) {
  const { logo: _logo, ...text } = details;
  return createHash("sha1")
    .update(JSON.stringify([text, settings, logoVersion]))
    .digest("base64url")
    .slice(0, 16);
}

function overlayFor(input: BrandedInput, width: number, height: number) {
  // With a QR code of its own (ADR 0068), the post's code covers the card's: the frame leaves it out.
  const qrDrawnByCaller = !!input.qrText;
  const key = `${input.version}:${width}x${height}:${qrDrawnByCaller ? "own-qr" : "card-qr"}`;
  let hit = overlays.get(key);
  if (!hit) {
    hit = input.logo().then((logo) => renderFrameOverlayRaw({ details: { ...input.details, logo }, settings: input.settings, width, height, qrDrawnByCaller }));
    // Counted at full size until drawn (the slices are smaller), so a burst of new frames stays bounded.
    overlays.set(key, hit, width * height * 4);
    hit.catch(() => overlays.set(key, Promise.reject(new Error("evicted")), 0));
  }
  return hit;
}

export type BrandedInput = {
  /** Names the result: post id, post file, details version and settings, size. */
  etag: string;
  post: () => Promise<Uint8Array | null>;
  /** The text details; the logo is read only when the frame is drawn (not on a cached one). */
  details: Omit<BrandDetails, "logo">;
  logo: () => Promise<Uint8Array | null>;
  settings: FrameSettings;
  version: string;
  width: number;
  /** This image's own QR code text (the card link naming the greeting, ADR 0068), drawn over the frame's. */
  qrText?: string | null;
};

/** The branded JPEG (from cache when the ETag was made before); null when the post's file is gone. */
export async function brandedJpeg(input: BrandedInput): Promise<Buffer | null> {
  const cached = jpegs.get(input.etag);
  if (cached) return cached;
  const bytes = await input.post();
  if (!bytes) return null;
  const source = sharp(bytes, { limitInputPixels: 50_000_000 });
  const meta = await source.metadata();
  const width = input.width;
  const height = Math.round(((meta.autoOrient?.height ?? meta.height ?? width) * width) / (meta.autoOrient?.width ?? meta.width ?? width));
  const overlay = await overlayFor(input, width, height);
  // One frame drawing for every post; only the small QR code differs per post.
  const qr = overlay.qr && input.qrText ? await qrLayer(input.qrText, overlay.qr.size) : null;
  const jpeg = await source
    .autoOrient()
    .resize({ width, height, fit: "cover" })
    .composite([
      // Only the rows the frame draws on: the rest of the post is left as it is.
      ...overlay.parts.map((p) => ({ input: p.data, raw: { width: overlay.width, height: p.height, channels: 4 as const }, left: 0, top: p.top })),
      ...(overlay.qr && qr ? [{ ...qr, left: overlay.qr.left, top: overlay.qr.top }] : []),
    ])
    .jpeg({ quality: 84 })
    .toBuffer();
  jpegs.set(input.etag, jpeg, jpeg.byteLength);
  return jpeg;
}

/** The finished JPEG of this ETag when it was made before (no work at all). */
export const cachedJpeg = (etag: string) => jpegs.get(etag);

/** Tests and the bench start cold. */
export function clearBrandingCaches() {
  overlays.clear();
  jpegs.clear();
}
