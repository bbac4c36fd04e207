import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Storage } from "#server/services/storage/index.ts";
import { sniffType } from "#server/services/images.ts";
import { backgroundTurn } from "#server/services/foreground.ts";
import { DEMO_PREFIX, renderDemoImage } from "#server/services/branding/demo-image.ts";
import { GREETING_TEXTS, LOW_QUALITY_MAX_BYTES, MAX_GREETING_IMAGE_BYTES, MAX_GREETING_VIDEO_BYTES, type PostShape } from "#contracts/greetings-enums.ts";
import { formatFileSize } from "#contracts/constants.ts";

/* A greeting post's files: stored through the storage interface, read back for branding. */

/** The storage key behind a URL this storage made (local /uploads/… or the bucket's public URL). */
export function keyOfUrl(storage: Storage, url: string): string | null {
  const probe = storage.publicUrl("x.jpg");
  const prefix = probe.slice(0, -"x.jpg".length);
  return url.startsWith(prefix) ? url.slice(prefix.length) : null;
}

/** Demo files known to exist, per storage (one process may serve several: the test runner's workers do). */
const materializedIn = new WeakMap<Storage, Set<string>>();
const materialized = (storage: Storage) => {
  let keys = materializedIn.get(storage);
  if (!keys) materializedIn.set(storage, (keys = new Set()));
  return keys;
};

/** A stored file's bytes; demo posts are drawn and stored on their first read. */
export async function readMedia(storage: Storage, url: string): Promise<Uint8Array | null> {
  const key = keyOfUrl(storage, url);
  if (!key) return null;
  const file = await storage.get(key).catch(() => null);
  if (file) return file.bytes;
  return drawDemoMedia(storage, key);
}

/** Drawings under way, per storage and key: two readers of a new demo file wait for one drawing. */
const drawingIn = new WeakMap<Storage, Map<string, Promise<Uint8Array | null>>>();

/**
 * A demo post's file (`demo/greetings/<slug>.jpg`), drawn and stored now; null for any other key.
 * GET /uploads calls it for a file it does not have (main.ts), so a list of posts never waits
 * for its pictures to be drawn: each <img> does (issue 23).
 */
export function drawDemoMedia(storage: Storage, key: string): Promise<Uint8Array | null> {
  if (!key.startsWith(DEMO_PREFIX)) return Promise.resolve(null);
  let drawing = drawingIn.get(storage);
  if (!drawing) drawingIn.set(storage, (drawing = new Map()));
  const pending = drawing.get(key);
  if (pending) return pending;
  const done = (async () => {
    const bytes = await renderDemoImage(key.slice(DEMO_PREFIX.length).replace(/\.jpg$/, ""));
    if (!bytes) return null;
    await storage.put(key, bytes, "image/jpeg");
    materialized(storage).add(key);
    return bytes;
  })().finally(() => drawing.delete(key));
  drawing.set(key, done);
  return done;
}

/**
 * Makes sure the demo files behind these URLs exist, so a list's <img> tags load. `background`
 * (the first start's job): each drawing waits for a moment without requests (foreground.ts).
 */
export async function ensureDemoMedia(storage: Storage, urls: (string | null)[], opts: { background?: boolean } = {}) {
  const todo = urls.filter((u): u is string => {
    if (!u) return false;
    const key = keyOfUrl(storage, u);
    return !!key && key.startsWith(DEMO_PREFIX) && !materialized(storage).has(key);
  });
  const queue = [...new Set(todo)];
  // Two at a time: libvips uses its own threads, the machine has few cores.
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const key = keyOfUrl(storage, url)!;
      if (!(await storage.get(key).catch(() => null))) {
        if (opts.background) await backgroundTurn();
        await readMedia(storage, url);
      }
      materialized(storage).add(key);
    }
  };
  await Promise.all([worker(), worker()]);
}

export class MediaError extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

const isMp4 = (head: Uint8Array) => head.length >= 12 && String.fromCharCode(...head.subarray(4, 8)) === "ftyp";

export type StoredPostFile = { url: string; lowQualityUrl: string | null; mediaType: "IMAGE" | "VIDEO"; key: string; lowQualityKey: string | null };

/** Size of a post: square 1080×1080, story 1080×1920 (the upload is cropped to fill it). */
export const POST_SIZE: Record<PostShape, { width: number; height: number }> = {
  SQUARE: { width: 1080, height: 1080 },
  STORY: { width: 1080, height: 1920 },
};

/** A JPEG preview of at most LOW_QUALITY_MAX_BYTES: 360 px wide, lower quality until it fits. */
export async function lowQualityOf(bytes: Uint8Array): Promise<Buffer> {
  let out = Buffer.alloc(0);
  for (const [width, quality] of [
    [360, 60],
    [360, 45],
    [300, 40],
    [240, 35],
  ] as const) {
    out = await sharp(bytes, { limitInputPixels: 50_000_000 }).resize({ width, withoutEnlargement: true }).flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (out.byteLength <= LOW_QUALITY_MAX_BYTES) break;
  }
  return out;
}

/** Checks, re-encodes and stores one uploaded file; throws MediaError with a message for that file. */
export async function storePostFile(storage: Storage, owner: number | null, file: File, shape: PostShape): Promise<StoredPostFile> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const folder = `${owner ?? "platform"}/greetings`;
  const random = randomBytes(16).toString("hex");
  if (isMp4(head)) {
    if (file.size > MAX_GREETING_VIDEO_BYTES) throw new MediaError(413, `The video is ${formatFileSize(file.size)}; the limit is ${formatFileSize(MAX_GREETING_VIDEO_BYTES)}.`);
    const key = `${folder}/${random}.mp4`;
    await storage.put(key, new Uint8Array(await file.arrayBuffer()), "video/mp4");
    return { url: storage.publicUrl(key), lowQualityUrl: null, mediaType: "VIDEO", key, lowQualityKey: null };
  }
  const type = sniffType(head);
  if (!type || type === "pdf") throw new MediaError(415, GREETING_TEXTS.wrongFileType);
  if (file.size > MAX_GREETING_IMAGE_BYTES) throw new MediaError(413, `The image is ${formatFileSize(file.size)}; the limit is ${formatFileSize(MAX_GREETING_IMAGE_BYTES)}.`);
  const size = POST_SIZE[shape];
  let jpeg: Buffer;
  try {
    jpeg = await sharp(new Uint8Array(await file.arrayBuffer()), { failOn: "error", limitInputPixels: 50_000_000, animated: false })
      .autoOrient()
      .resize({ ...size, fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new MediaError(422, GREETING_TEXTS.badImage);
  }
  const key = `${folder}/${random}.jpg`;
  const lowQualityKey = `${folder}/${random}-lq.jpg`;
  await storage.put(key, jpeg, "image/jpeg");
  await storage.put(lowQualityKey, await lowQualityOf(jpeg), "image/jpeg");
  return { url: storage.publicUrl(key), lowQualityUrl: storage.publicUrl(lowQualityKey), mediaType: "IMAGE", key, lowQualityKey };
}
