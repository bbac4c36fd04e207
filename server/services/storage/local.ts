import fs from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PUBLIC_UPLOADS_PATH, assertValidKey, contentTypeOf, type Storage } from "./index.ts";

/** Files under `dir` (DATA_DIR/uploads). Writes go to a temp file first, so a reader never sees half a file. */
export function localStorage(dir: string): Storage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(dir, ...key.split("/"));
  };
  return {
    driver: "local",
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return { bytes: new Uint8Array(await fs.readFile(fileOf(key))), contentType: contentTypeOf(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl: (key) => `${PUBLIC_UPLOADS_PATH}/${key}`,
  };
}
