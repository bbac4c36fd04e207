/**
 * Bench-only preload (`node --import tsx --import ./tests/bench/probe.ts server/main.ts`): answers
 * the bench over the IPC channel with the server process's CPU time (all threads, the database
 * worker included) and its event-loop delay since the last reset. Never loaded by `npm start`.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();

process.on("message", (msg) => {
  if (msg !== "stats") return;
  const cpu = process.cpuUsage();
  process.send?.({
    cpuMs: (cpu.user + cpu.system) / 1000,
    delayP99Ms: delay.percentile(99) / 1e6,
    delayMaxMs: delay.max / 1e6,
  });
  delay.reset();
});
process.channel?.unref();
