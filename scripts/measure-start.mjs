#!/usr/bin/env node
// Measures `npm start` → first answered request, and the server's peak memory (VmHWM),
// on a fresh DATA_DIR (first start: migrate + seed) and again on the same dir (restart).
// Usage: node scripts/measure-start.mjs
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = 3900 + Math.floor(Math.random() * 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-start-"));

function descendants(pid) {
  const out = [];
  for (const p of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(p), ...descendants(Number(p)));
    } catch {}
  }
  return out;
}
const hwm = (pid) => {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
  } catch {
    return 0;
  }
};

async function run(label) {
  const t0 = performance.now();
  const child = spawn("npm", ["start"], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir }, stdio: "ignore", detached: true });
  let firstMs;
  while (performance.now() - t0 < 180_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/panel/login`);
      if (res.ok) {
        firstMs = performance.now() - t0;
        break;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  // A little traffic, then read the peak resident memory of the server process tree.
  for (let i = 0; i < 50; i++) await fetch(`http://127.0.0.1:${port}/panel/login`).then((r) => r.text());
  const peak = Math.max(...descendants(child.pid).map(hwm));
  process.kill(-child.pid, "SIGTERM");
  await new Promise((r) => child.on("exit", r));
  console.log(`${label}: first answered request after ${Math.round(firstMs)} ms; peak server memory ${Math.round(peak)} MiB`);
}

await run("first start (migrate + seed)");
await run("restart (existing data)");
fs.rmSync(dataDir, { recursive: true, force: true });
