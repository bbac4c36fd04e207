/**
 * A minimal React Router app (the framework's own template, tests/bench/fixtures/minimal-app)
 * served by React Router's Node listener beside ours: what a page costs with nothing but the
 * framework, so our shell's own cost shows as a ratio (our /privacy against its home page).
 */
import { fork, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve("tests/bench/fixtures/minimal-app");

export async function startMinimalApp(port: number): Promise<{ process: ChildProcess; url: string; stop: () => Promise<void> }> {
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    const built = spawnSync(path.resolve("node_modules/.bin/react-router"), ["build"], { cwd: dir, env: { ...process.env, NODE_ENV: "production" }, stdio: "ignore" });
    if (built.status !== 0) throw new Error("building the minimal React Router app failed");
  }
  const child = fork(path.join(dir, "serve.ts"), [], {
    execArgv: ["--import", "tsx", "--import", "./tests/bench/probe.ts"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
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
