import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { PUBLIC_UPLOADS_PATH, isValidKey } from "#server/services/storage/index.ts";

/**
 * The card's logo as bytes, for the vCard photo and the link-preview image. Only our own
 * uploads on local disk (`/uploads/…` → DATA_DIR/uploads/…) are read: fetching a visitor-
 * supplied https URL from the server would be a request forgery risk, so those (and files in
 * S3 storage) are skipped: the vCard then has no PHOTO, the preview no logo.
 */
export async function readLocalUpload(dataDir: string, url: string | null | undefined): Promise<Buffer | null> {
  const prefix = `${PUBLIC_UPLOADS_PATH}/`;
  if (!url?.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  // Only keys the upload code could have made: no "..", no hidden files.
  if (!isValidKey(key)) return null;
  return fs.readFile(path.join(dataDir, "uploads", ...key.split("/"))).catch(() => null);
}

const photos = new Map<string, Buffer | null>();
const MAX_PHOTOS = 200;

/** A ≤ 200 px JPEG of the logo for `PHOTO;ENCODING=b` (a few KB); null when it can't be read. */
export async function contactPhoto(dataDir: string, url: string | null | undefined): Promise<Buffer | null> {
  const bytes = await readLocalUpload(dataDir, url);
  if (!bytes) return null;
  const key = `${url}:${bytes.length}:${bytes.subarray(0, 64).toString("base64")}:${bytes.subarray(-64).toString("base64")}`;
  if (photos.has(key)) return photos.get(key)!;
  const photo = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .resize(200, 200, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer()
    .catch(() => null);
  if (photos.size >= MAX_PHOTOS) photos.delete(photos.keys().next().value!);
  photos.set(key, photo);
  return photo;
}
