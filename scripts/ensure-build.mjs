#!/usr/bin/env node
// Builds the panel (`react-router build`) only when build/server/index.js is missing or older
// than any source or config file; otherwise does nothing. A stat walk, no hashing: ~10 ms.
// Used by `npm start` and by Playwright's webServer. FORCE_BUILD=1 always rebuilds.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = path.join(root, "build/server/index.js");
const sourceDirs = ["app", "server", "public"];
const configFiles = ["vite.config.ts", "react-router.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
const skip = new Set(["node_modules", ".react-router", "build", "data"]);

/** First file under `dir` modified after `since`, or undefined. */
function newerIn(dir, since) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined; // folder absent
  }
  for (const e of entries) {
    if (skip.has(e.name) || e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      const hit = newerIn(p, since);
      if (hit) return hit;
    } else if (e.isFile() && fs.statSync(p).mtimeMs > since) {
      return p;
    }
  }
  return undefined;
}

function reasonToBuild() {
  if (process.env.FORCE_BUILD === "1") return "FORCE_BUILD=1";
  let builtAt;
  try {
    builtAt = fs.statSync(output).mtimeMs;
  } catch {
    return "no build yet";
  }
  for (const f of configFiles) {
    const p = path.join(root, f);
    if (fs.existsSync(p) && fs.statSync(p).mtimeMs > builtAt) return `${f} changed`;
  }
  for (const d of sourceDirs) {
    const hit = newerIn(path.join(root, d), builtAt);
    if (hit) return `${path.relative(root, hit)} changed`;
  }
  return undefined;
}

const reason = reasonToBuild();
if (!reason) process.exit(0);

const bin = path.join(root, "node_modules/.bin", process.platform === "win32" ? "react-router.cmd" : "react-router");
console.log(`ensure-build: building (${reason})…`);
const started = performance.now();
const res = spawnSync(bin, ["build"], { cwd: root, stdio: "inherit" });
if (res.error) {
  console.error(`ensure-build: could not run ${bin}: ${res.error.message} (run \`npm install\` first)`);
  process.exit(1);
}
if (res.status !== 0) {
  console.error(`ensure-build: react-router build failed (exit ${res.status ?? res.signal}).`);
  process.exit(res.status ?? 1);
}
console.log(`ensure-build: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
