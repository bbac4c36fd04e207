import path from "node:path";
import type { Config } from "#server/config.ts";
import type { Storage } from "./index.ts";
import { localStorage } from "./local.ts";
import { s3Storage } from "./s3.ts";

/** The configured storage: DATA_DIR/uploads unless STORAGE_DRIVER=s3 (config.ts checks the S3_* settings). */
export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === "s3") {
    return s3Storage({
      endpoint: config.S3_ENDPOINT!,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return localStorage(path.join(config.dataDir, "uploads"));
}
