/**
 * Running ffmpeg (ADR 0022): always an argument array (never a shell), progress read from
 * `-progress pipe:1`, a time limit, killed when the caller aborts (shutdown), and errors that say
 * what went wrong (ffmpeg's own last lines of stderr).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

export class FfmpegError extends Error {
  constructor(
    message: string,
    /** The end of ffmpeg's stderr, for logs. */
    readonly detail = "",
  ) {
    super(message);
  }
}

export type FfmpegBinary = { path: string; source: "FFMPEG_PATH" | "system" | "npm" };

/** An executable file named `name` in one of PATH's folders. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

let found: FfmpegBinary | undefined;

/**
 * Which ffmpeg: FFMPEG_PATH when set; else the system's (a distribution's ffmpeg gets security
 * updates); else the static build inside `@ffmpeg-installer/ffmpeg` (a 2018 build, but `npm
 * install` is all it needs).
 */
export function findFfmpeg(configured?: string): FfmpegBinary {
  if (configured) return { path: configured, source: "FFMPEG_PATH" };
  if (found) return found;
  const system = onPath("ffmpeg");
  if (system) return (found = { path: system, source: "system" });
  try {
    const installer = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string };
    return (found = { path: installer.path, source: "npm" });
  } catch (err) {
    throw new FfmpegError(`No ffmpeg found: install ffmpeg, set FFMPEG_PATH, or run npm install (${String(err)}).`);
  }
}

export type FfmpegRun = {
  binary: string;
  /** Arguments after the binary; input and output files included. */
  args: string[];
  /** The output's expected length, for progress as a fraction. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
  timeoutMs: number;
  signal?: AbortSignal;
};

const STDERR_KEEP = 4000;

/**
 * ffmpeg runs at a lower CPU priority (nice 10) than the server: a render (a greeting video, a
 * template's preview on the first start) takes every core it is given, and on a small machine it
 * would otherwise slow the pages and images people are waiting for (issue 23, ADR 0078). An idle
 * machine gives it the same CPU as before.
 */
export const FFMPEG_NICENESS = 10;

function lowerPriority(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, FFMPEG_NICENESS);
  } catch {
    // Not allowed here (some containers): it runs at the server's priority, as before.
  }
}

/** Run ffmpeg to the end; resolves when it exits 0, else throws FfmpegError. */
export function runFfmpeg(run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(new FfmpegError("Stopped before ffmpeg started."));
    const args = ["-hide_banner", "-nostdin", "-loglevel", "error", "-progress", "pipe:1", "-nostats", ...run.args];
    const child = spawn(run.binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    lowerPriority(child);
    let stderr = "";
    let why: string | undefined;
    const kill = (reason: string) => {
      why ??= reason;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => kill(`ffmpeg took longer than ${Math.round(run.timeoutMs / 1000)} s and was stopped.`), run.timeoutMs);
    const onAbort = () => kill("Stopped (the server is shutting down).");
    run.signal?.addEventListener("abort", onAbort, { once: true });

    let pending = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        // out_time_us (out_time_ms in old builds, also in microseconds) is how far the output got.
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (m && run.durationSeconds && run.onProgress) {
          run.onProgress(Math.min(1, Number(m[1]) / 1e6 / run.durationSeconds));
        }
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    child.on("error", (err) => {
      why ??= `Could not run ffmpeg (${run.binary}): ${err.message}`;
    });
    child.on("close", (code, sig) => {
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
      if (code === 0 && !why) return resolve();
      const lastLine = stderr.trim().split("\n").at(-1) ?? "";
      reject(new FfmpegError(why ?? `ffmpeg failed (${sig ?? `exit ${code}`}): ${lastLine || "no message"}`, stderr.trim()));
    });
  });
}

export type MediaInfo = {
  durationSeconds: number;
  video?: { codec: string; width: number; height: number; pixelFormat: string; fps: number };
  audio?: { codec: string; sampleRate: number };
};

/**
 * What a media file holds, from `ffmpeg -i` (the npm build ships no ffprobe): duration, the first
 * video and audio streams. Throws FfmpegError when ffmpeg cannot read it.
 */
export function probeMedia(binary: string, file: string, opts: { timeoutMs?: number } = {}): Promise<MediaInfo> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["-hide_banner", "-nostdin", "-i", file], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 20_000);
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      if (stderr.length < 64_000) stderr += c;
    });
    child.on("error", (err) => reject(new FfmpegError(`Could not run ffmpeg (${binary}): ${err.message}`)));
    // `ffmpeg -i` without an output always exits 1; what it printed is the answer.
    child.on("close", () => {
      clearTimeout(timer);
      const info = parseProbe(stderr);
      if (!info) reject(new FfmpegError("This file is not a video ffmpeg can read.", stderr.trim().slice(-STDERR_KEEP)));
      else resolve(info);
    });
  });
}

/** Splits "h264 (High) (avc1 / 0x31), yuv420p(tv, bt709), 1080x1080 [SAR 1:1], 30 fps" at top-level commas. */
function fields(line: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of line) {
    if (ch === "(" || ch === "[") depth++;
    if (ch === ")" || ch === "]") depth--;
    if (ch === "," && depth === 0) {
      out.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** Parses `ffmpeg -i`'s stream listing; null when there is no duration or no stream at all. */
export function parseProbe(text: string): MediaInfo | null {
  const d = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(text);
  const videoLine = /Stream #\d+:\d+[^\n]*?: Video: ([^\n]*)/.exec(text)?.[1];
  const audioLine = /Stream #\d+:\d+[^\n]*?: Audio: ([^\n]*)/.exec(text)?.[1];
  if (!d || (!videoLine && !audioLine)) return null;
  let video: MediaInfo["video"];
  if (videoLine) {
    const f = fields(videoLine);
    const size = f.map((x) => /^(\d+)x(\d+)/.exec(x)).find(Boolean);
    const fps = f.map((x) => /^([\d.]+) (?:fps|tbr)$/.exec(x)).find(Boolean);
    if (size) {
      video = {
        codec: /^\w+/.exec(f[0])?.[0] ?? "",
        pixelFormat: /^\w+/.exec(f[1] ?? "")?.[0] ?? "",
        width: Number(size[1]),
        height: Number(size[2]),
        fps: fps ? Number(fps[1]) : 0,
      };
    }
  }
  let audio: MediaInfo["audio"];
  if (audioLine) {
    const f = fields(audioLine);
    const hz = f.map((x) => /^(\d+) Hz$/.exec(x)).find(Boolean);
    audio = { codec: /^\w+/.exec(f[0])?.[0] ?? "", sampleRate: hz ? Number(hz[1]) : 0 };
  }
  if (!video && !audio) return null;
  return { durationSeconds: Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]), video, audio };
}
