/**
 * The greeting starter library's build time at first start (issue 26, ADR 0073): on a fresh
 * seeded PGlite copy and an empty local storage, the job's own function (what the queue's worker
 * runs) draws, stores and lists every post, then the demo posts' pictures. Then once more, as
 * a restart would (nothing to make). Not part of `npm run bench`:
 *
 *   npx tsx tests/bench/starter-library.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildStarterLibrary } from "#server/api/greetings/service.ts";
import { drawGreeting } from "#server/services/branding/greeting-art.ts";
import { ensureFonts } from "#server/services/branding/fonts.ts";
import { starterPosts } from "#server/api/greetings/starter-catalogue.ts";
import { localStorage } from "#server/services/storage/local.ts";
import {
  createTemplate,
  dropTemplate,
  openCopy,
} from "../support/db-template.ts";
import { printTable } from "./table.ts";

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
const ms = (t0: number) => Math.round(performance.now() - t0);

const info = await createTemplate(undefined);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-bench-starter-"));
const database = await openCopy(info, dataDir);
try {
  const storage = localStorage(path.join(dataDir, "uploads"));
  const deps = {
    db: database.db,
    storage,
    now: () => new Date(),
    logger: quiet,
  };

  let t0 = performance.now();
  await ensureFonts();
  const fonts = ms(t0);

  // One post alone, drawn ten times: the drawing's share of the build.
  const sample = starterPosts()[1];
  const draws: number[] = [];
  for (let i = 0; i < 10; i++) {
    t0 = performance.now();
    await drawGreeting({
      headline: sample.headline,
      motifs: sample.theme.motifs,
      palette: sample.theme.palette,
      layout: i,
    });
    draws.push(ms(t0));
  }
  draws.sort((a, b) => a - b);

  t0 = performance.now();
  const first = await buildStarterLibrary(deps);
  const firstMs = ms(t0);
  t0 = performance.now();
  const again = await buildStarterLibrary(deps);
  const againMs = ms(t0);

  let bytes = 0;
  for (const p of starterPosts())
    bytes += fs.statSync(
      path.join(dataDir, "uploads", `platform/greetings/starter/${p.slug}.jpg`),
    ).size;

  const cpu = process.cpuUsage();
  printTable(
    "Greeting starter library (issue 26): its build at first start, off any page's path",
    [
      {
        what: "Fonts unpacked and registered",
        now: `${fonts} ms`,
        goal: "-",
        met: true,
      },
      {
        what: "One 1080×1080 post drawn (median of 10)",
        now: `${draws[5]} ms`,
        goal: "≤ 300 ms",
        met: draws[5] <= 300,
      },
      {
        what: `First start: ${first.made} posts + previews, ${first.demoFiles} demo pictures`,
        now: `${(firstMs / 1000).toFixed(1)} s`,
        goal: "≤ 120 s",
        met: firstMs <= 120_000,
      },
      {
        what: "Per starter post (whole build / posts)",
        now: `${Math.round(firstMs / Math.max(1, first.made))} ms`,
        goal: "-",
        met: true,
      },
      {
        what: "Restart: the job again (nothing to make)",
        now: `${againMs} ms, ${again.made} made`,
        goal: "≤ 2000 ms, 0",
        met: againMs <= 2000 && again.made === 0,
      },
      {
        what: "Starter posts on disk (full size)",
        now: `${(bytes / 1024 / 1024).toFixed(1)} MB (${Math.round(bytes / first.total / 1024)} KB each)`,
        goal: "-",
        met: true,
      },
      {
        what: "Process CPU (user + system)",
        now: `${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
        goal: "-",
        met: true,
      },
    ],
  );
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropTemplate(info);
}
