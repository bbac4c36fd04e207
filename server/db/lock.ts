import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no locking between processes: two servers on one DATA_DIR corrupt it.
 * We hold `DATA_DIR/server.lock` (our pid) for the life of the process.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return releaser(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = readOwner(file);
    if (owner !== null && owner !== process.pid && isAlive(owner)) throw inUse(dataDir, owner);
    takeOverStale(file, dataDir);
  }
  throw new Error(`Could not lock ${file}: another process keeps taking it.`);
}

function releaser(file: string) {
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
}

/** The pid in the lock file; an empty file is being written right now, so wait for it (1 s at most). */
function readOwner(file: string): number | null {
  for (let i = 0; i < 20; i++) {
    try {
      const text = fs.readFileSync(file, "utf8").trim();
      if (text) return Number(text) || null;
    } catch {
      return null; // gone: try to create it again
    }
    sleepSync(50);
  }
  return null; // still empty: its writer died between create and write
}

/**
 * Move a dead process's lock aside atomically. If another starting process took over first,
 * what we moved is its live lock: put it back and give up.
 */
function takeOverStale(file: string, dataDir: string) {
  const aside = `${file}.stale-${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return; // someone else moved it: try to create ours
  }
  const owner = Number(fs.readFileSync(aside, "utf8").trim()) || null;
  if (owner !== null && owner !== process.pid && isAlive(owner)) {
    fs.renameSync(aside, file);
    throw inUse(dataDir, owner);
  }
  fs.unlinkSync(aside);
}

const inUse = (dataDir: string, pid: number) =>
  new Error(
    `DATA_DIR ${dataDir} is in use by another process (pid ${pid}). ` +
      `Stop that process, or start this one with another DATA_DIR.`,
  );

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
