import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * Renders work in a temporary folder named after the process (`cardpanel-<kind>-<pid>-…`).
 * A process killed mid-render leaves its folder behind (and its ffmpeg may still write there):
 * at start and after each job, folders of processes that no longer run are removed (issue 27).
 * Several processes on one machine share the temp folder: a live one's folders are left alone.
 */
const PREFIX = "cardpanel-";
const KINDS = ["promo", "video"] as const;
const NAME = /^cardpanel-(?:promo|video)-(\d+)-/;

export function makeRenderDir(kind: (typeof KINDS)[number]): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `${PREFIX}${kind}-${process.pid}-`));
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Remove render folders whose process is gone. `atStart`: also this pid's own (a previous
 * process with the same pid, e.g. in a restarted container), since this one has made none yet.
 */
export async function removeOrphanRenderDirs(opts: { atStart?: boolean; tmp?: string } = {}): Promise<string[]> {
  const tmp = opts.tmp ?? os.tmpdir();
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1] ?? 0);
    if (!pid) continue;
    const orphan = pid === process.pid ? !!opts.atStart : !isRunning(pid);
    if (!orphan) continue;
    await fs.rm(path.join(tmp, name), { recursive: true, force: true }).catch(() => {});
    removed.push(name);
  }
  return removed;
}
