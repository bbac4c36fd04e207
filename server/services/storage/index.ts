/**
 * Where uploaded files live (ADR 0010): one small interface, a local-disk driver (default,
 * DATA_DIR/uploads) and an S3-compatible one (AWS Signature V4 over fetch, no SDK).
 * Keys look like `<agencyId>/<purpose>/<businessId>/<random>.<ext>`; only the upload code makes them.
 */
export type StoredFile = { bytes: Uint8Array; contentType: string };

export interface Storage {
  readonly driver: "local" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** What a browser opens: `/uploads/<key>` (served by the app) or the bucket's public URL. */
  publicUrl(key: string): string;
}

/** The file types we ever store, by extension (also what /uploads answers with). */
export const STORED_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
  mp4: "video/mp4",
};

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpg|png|webp|pdf|mp4)$/;

/** A key we could have made: lowercase segments, no dots but the extension, so no `..` or hidden files. */
export const isValidKey = (key: string) => key.length <= 300 && KEY.test(key);

export function assertValidKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export const contentTypeOf = (key: string) => STORED_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

export const PUBLIC_UPLOADS_PATH = "/uploads";
