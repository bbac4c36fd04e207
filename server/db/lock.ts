import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no locking between processes: two servers on one DATA_DIR corrupt it.
 * We hold `DATA_DIR/server.lock` (our pid) for the life of the process.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another process (pid ${pid}). ` +
            `Stop that process, or start this one with another DATA_DIR.`,
        );
      }
      fs.unlinkSync(file); // stale lock from a crashed process
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
