/**
 * A minimal React Router app (the framework's own template, tests/bench/fixtures/minimal-app)
 * served by React Router's Node listener beside ours: what a page costs with nothing but the
 * framework, so our shell's own cost shows as a ratio (our /privacy against its home page).
 * With `routes` > 1 the same app is built with that many routes (the page beside routes that are
 * never matched, the whole manifest up front as ours): React Router's own cost per route.
 */
import { fork, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve("tests/bench/fixtures/minimal-app");

export async function startMinimalApp(port: number, routes = 1): Promise<{ process: ChildProcess; url: string; stop: () => Promise<void> }> {
  const buildDir = routes > 1 ? path.resolve(`.tmp/minimal-app-${routes}-routes`) : path.join(dir, "build");
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    const env = { ...process.env, NODE_ENV: "production", MINIMAL_ROUTES: String(routes) };
    const built = spawnSync(path.resolve("node_modules/.bin/react-router"), ["build"], { cwd: dir, env, stdio: "ignore" });
    if (built.status !== 0) throw new Error("building the minimal React Router app failed");
  }
  const child = fork(path.join(dir, "serve.ts"), [], {
    execArgv: ["--import", "tsx", "--import", "./tests/bench/probe.ts"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), MINIMAL_BUILD_DIR: buildDir },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 300) throw new Error("the minimal React Router app did not start");
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.on("exit", r)));
  };
  return { process: child, url, stop };
}
