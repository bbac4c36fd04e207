/**
 * `npm run bench`: the job queue and the greeting-video branding (ADR 0022).
 *
 * 1. Queue: N jobs sent one after another (sends/s), then drained by 1 and by 4 workers with a
 *    handler that does nothing (jobs/s: the queue's own cost), on PGlite and on PostgreSQL.
 * 2. A 10 s 1080×1080 30 fps greeting video (ffmpeg's testsrc2: moving shapes and a counter,
 *    light grain so it is not trivially compressible, plus a sine tone) branded end to end on PGlite: POST
 *    /image-post/{id}/branded-video → the queue → frame drawn → ffmpeg → stored → row ready.
 *    Goal: ≤ 1× the video's duration. Also ffmpeg alone and the frame drawing alone.
 *
 *   BENCH_QUEUE_JOBS=500   BENCH_VIDEO_RUNS=3   BENCH_DATABASES=pglite,postgres   BENCH_PG_URL
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { createApi } from "#server/api/app.ts";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/deps.ts";
import { openDatabase } from "#server/db/client.ts";
import { businesses } from "#server/db/schema/business.ts";
import { imageSubcategories } from "#server/db/schema/content.ts";
import { greetingVideoRenders } from "#server/db/schema/greeting-videos.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { ALL_JOBS, startJobWorkers } from "#server/jobs.ts";
import { TRIAL_LIMITS } from "#server/api/payments/limits.ts";
import { silentLogger } from "#server/services/logger.ts";
import { createQueue, defineJob } from "#server/services/queue/index.ts";
import { findFfmpeg, probeMedia, runFfmpeg } from "#server/services/video/ffmpeg.ts";
import { brandVideo, outputSize } from "#server/services/video/brand-video.ts";
import { DEFAULT_FRAME_SETTINGS, renderFrameOverlay } from "#server/services/branding/overlay.ts";
import { createTemplate, dropTemplate, MAIN_HOST, openCopy } from "../support/db-template.ts";
import { reachable, benchPgServerUrl } from "./server.ts";

const JOBS = Number(process.env.BENCH_QUEUE_JOBS ?? 500);
const VIDEO_RUNS = Number(process.env.BENCH_VIDEO_RUNS ?? 3);
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const pgAdmin = benchPgServerUrl();
/** CPU seconds used by this process's finished children (ffmpeg): /proc/self/stat cutime + cstime (Linux). */
function childCpuSeconds() {
  try {
    const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // clock ticks, 100 per second on Linux
  } catch {
    return NaN;
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${Math.round(x)} ms`;

async function queueBench(kind: "pglite" | "postgres") {
  const name = `cardpanel_queuebench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgAdmin });
  let url: string | undefined;
  if (kind === "postgres") {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    url = new URL(pgAdmin).toString().replace(/\/postgres$/, `/${name}`);
  }
  const database = await openDatabase({ inMemory: true, dataDir: "", migrate: false, databaseUrl: url });
  const queue = await createQueue(database, { logger: silentLogger, maintenance: false, schedules: false });
  try {
    const rows: string[] = [];
    for (const workers of [1, 4]) {
      const job = defineJob<{ i: number }>(`bench.noop-${workers}`);
      let t = performance.now();
      for (let i = 0; i < JOBS; i++) await queue.send(job, { i });
      const sendRate = JOBS / ((performance.now() - t) / 1000);
      let done = 0;
      t = performance.now();
      await new Promise<void>((resolve) => {
        void queue.work(job, async () => {
          if (++done === JOBS) resolve();
        }, { concurrency: workers });
      });
      rows.push(`${kind.padEnd(8)} ${String(workers).padStart(2)} worker(s): send ${sendRate.toFixed(0)} jobs/s, drain ${(JOBS / ((performance.now() - t) / 1000)).toFixed(0)} jobs/s`);
    }
    return rows;
  } finally {
    await queue.stop({ timeoutMs: 1000 });
    await database.close();
    if (kind === "postgres") {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}

async function videoBench() {
  const ffmpeg = findFfmpeg();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-videobench-"));
  const source = path.join(dir, "greeting-10s.mp4");
  await runFfmpeg({
    binary: ffmpeg.path,
    args: [
      "-y",
      "-f", "lavfi", "-i", "testsrc2=size=1080x1080:rate=30:duration=10,noise=alls=3:allf=t",
      "-f", "lavfi", "-i", "sine=frequency=440:duration=10",
      "-c:v", "libx264", "-preset", "veryfast", "-b:v", "6M", "-maxrate", "6M", "-bufsize", "12M", "-pix_fmt", "yuv420p", "-c:a", "aac", source,
    ],
    timeoutMs: 300_000,
  });
  const info = await probeMedia(ffmpeg.path, source);
  const lines = [`ffmpeg: ${ffmpeg.source} (${ffmpeg.path}); source ${(fs.statSync(source).size / 1e6).toFixed(1)} MB, ${info.durationSeconds.toFixed(1)} s`];

  // The frame alone, and ffmpeg alone.
  const size = outputSize(info.video!.width, info.video!.height);
  const details = { name: "शर्मा स्वीट्स Sharma Sweets", phone: "+91 98765 43210", website: "sharma.example" };
  const overlayTimes: number[] = [];
  let png: Uint8Array = new Uint8Array();
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    png = await renderFrameOverlay({ details, settings: DEFAULT_FRAME_SETTINGS, width: size.width, height: size.height });
    overlayTimes.push(performance.now() - t);
  }
  const ffmpegTimes: number[] = [];
  const cpuBefore = childCpuSeconds();
  for (let i = 0; i < VIDEO_RUNS; i++) {
    const t = performance.now();
    await brandVideo({ ffmpeg: ffmpeg.path, inputFile: source, info, overlayPng: png, outputFile: path.join(dir, `out-${i}.mp4`), timeoutMs: 300_000 });
    ffmpegTimes.push(performance.now() - t);
  }
  const cpu = (childCpuSeconds() - cpuBefore) / VIDEO_RUNS;
  lines.push(
    `frame drawing: median ${ms(median(overlayTimes))}; ffmpeg overlay + encode: median ${ms(median(ffmpegTimes))} wall (${(median(ffmpegTimes) / 1000 / info.durationSeconds).toFixed(2)}× the duration), ` +
      `${cpu.toFixed(1)} CPU s per video (${(cpu / os.cpus().length / info.durationSeconds).toFixed(2)}× the duration if it had the ${os.cpus().length} cores to itself), output ${(fs.statSync(path.join(dir, "out-0.mp4")).size / 1e6).toFixed(1)} MB`,
  );

  // End to end through the API, the queue and the worker, on PGlite.
  const template = await createTemplate();
  const database = await openCopy(template, dir);
  const queue = await createQueue(database, { logger: silentLogger, maintenance: false, schedules: false, jobs: ALL_JOBS });
  try {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, MAIN_HOST });
    const deps = await createDeps(config, database.db, silentLogger, { queue });
    await startJobWorkers(deps, queue);
    const api = createApi(deps);
    const call = async (method: string, p: string, body: unknown, cookie?: string, form?: FormData) => {
      const res = await api.request(`http://${MAIN_HOST}/api/v1${p}`, {
        method,
        headers: { "x-panel-client-ip": "10.9.0.2", ...(form ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
        body: form ?? JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
      return { json, res };
    };
    const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const staff = cookieOf((await call("POST", "/franchisee/login", { ...DEMO_ACCOUNTS.admin.login, password: DEMO_PASSWORD })).res);
    const customer = cookieOf((await call("POST", "/login", { ...DEMO_ACCOUNTS.customer.login, password: DEMO_PASSWORD })).res);
    const [sub] = await database.db.select({ id: imageSubcategories.imageSubcategoryId }).from(imageSubcategories).limit(1);
    const form = new FormData();
    form.append("file", new File([fs.readFileSync(source)], "greeting.mp4", { type: "video/mp4" }));
    form.set("imageSubcategoryId", String(sub.id));
    const { imageId } = (await call("POST", "/image-post", null, staff, form)).json as { imageId: number };
    const [sharma] = await database.db.select().from(businesses).where(eq(businesses.businessName, "Sharma Sweets"));
    await database.db.update(businesses).set({ planLimits: { ...TRIAL_LIMITS, greetingVideosLimit: -1 } }).where(eq(businesses.businessId, sharma.businessId));

    const endToEnd: number[] = [];
    const frames = ["frame7", "frame2", "frame3"] as const;
    for (let i = 0; i < VIDEO_RUNS; i++) {
      // A new frame each run: a new brand version, so a new render (not the cached one).
      await database.db.update(businesses).set({ frameSettings: { frameName: frames[i % 3], height: (["HEIGHT-1", "HEIGHT-2", "HEIGHT-3"] as const)[Math.floor(i / 3) % 3] } }).where(eq(businesses.businessId, sharma.businessId));
      const t = performance.now();
      await call("POST", `/image-post/${imageId}/branded-video`, { businessId: sharma.businessId }, customer);
      for (;;) {
        const [row] = await database.db.select({ status: greetingVideoRenders.status, error: greetingVideoRenders.error }).from(greetingVideoRenders).where(eq(greetingVideoRenders.imageId, imageId)).orderBy(greetingVideoRenders.renderId).offset(i).limit(1);
        if (row?.status === "ready") break;
        if (row?.status === "failed") throw new Error(`render failed: ${row.error}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      endToEnd.push(performance.now() - t);
    }
    const e2e = median(endToEnd);
    lines.push(
      `10 s greeting video branded end to end (API → queue → frame → ffmpeg → storage → ready), PGlite: median ${ms(e2e)} of ${VIDEO_RUNS} = ${(e2e / 1000 / info.durationSeconds).toFixed(2)}× its duration (goal ≤ 1×: ${e2e / 1000 <= info.durationSeconds ? "met" : "NOT met"}); runs ${endToEnd.map(ms).join(", ")}`,
    );
  } finally {
    await queue.stop({ timeoutMs: 2000 });
    await database.close();
    await dropTemplate(template);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

const out: string[] = [];
process.on("exit", () => console.log(out.join("\n")));
out.push(`Greeting videos and the job queue (load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}, ${os.cpus().length} cores)`);
for (const db of databases) {
  if (db === "postgres" && !(await reachable(pgAdmin))) {
    out.push("postgres: not reachable, skipped");
    continue;
  }
  out.push(...(await queueBench(db as "pglite" | "postgres")));
}
out.push(...(await videoBench()));
// Everything is stopped and closed above, but a pg pool's idle socket can keep the loop alive
// when both databases ran in one process: a bench run must end, so it ends here.
process.exit(0);
