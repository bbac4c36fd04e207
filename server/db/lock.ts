import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no locking between processes: two servers on one DATA_DIR corrupt it.
 * We hold `DATA_DIR/server.lock` for the life of the process. It names the owner by pid, and
 * (on Linux) by the pid's start time and the machine's boot id: in a restarted container the
 * old pid is often alive again as another process, and a pid alone would block the restart.
 */
export type LockOwner = { pid: number; start?: string; boot?: string };

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  const me = JSON.stringify(identify(process.pid));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, me, { flag: "wx" });
      return releaser(file, me);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = readOwner(file);
    if (owner && isRunning(owner)) throw inUse(dataDir, owner.pid);
    takeOverStale(file, dataDir);
  }
  throw new Error(`Could not lock ${file}: another process keeps taking it.`);
}

/** A process as the lock file records it: pid, plus its start time and the boot id where /proc has them. */
export function identify(pid: number): LockOwner {
  return { pid, start: startTimeOf(pid), boot: bootId() };
}

/** Field 22 of /proc/<pid>/stat: clock ticks from boot to the process's start (after the `(comm)` field, which may hold spaces). */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] || undefined;
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Is the lock's owner still running? Not ourselves (a pid reused by us), not after a reboot, not
 * when the pid now belongs to a process that started at another time. Without /proc (macOS,
 * Windows) only the pid is checked, as before.
 */
function isRunning(owner: LockOwner) {
  if (owner.pid === process.pid) return false;
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  if (!isAlive(owner.pid)) return false;
  const start = owner.start && startTimeOf(owner.pid);
  return !start || start === owner.start;
}

function releaser(file: string, me: string) {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(file, "utf8") === me) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

/** A lock file's owner: JSON, or a bare pid (written by older versions). */
function parseOwner(text: string): LockOwner | null {
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isInteger(o.pid) || (o.pid as number) <= 0) return null;
    return { pid: o.pid as number, start: typeof o.start === "string" ? o.start : undefined, boot: typeof o.boot === "string" ? o.boot : undefined };
  } catch {
    return null;
  }
}

/** The lock file's owner; an empty file is being written right now, so wait for it (1 s at most). */
function readOwner(file: string): LockOwner | null {
  for (let i = 0; i < 20; i++) {
    try {
      const text = fs.readFileSync(file, "utf8").trim();
      if (text) return parseOwner(text);
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
  const owner = parseOwner(fs.readFileSync(aside, "utf8").trim());
  if (owner && isRunning(owner)) {
    fs.renameSync(aside, file);
    throw inUse(dataDir, owner.pid);
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
