/**
 * Issue 25 / ADR 0068: what counting by source costs the public card. In one run, interleaved
 * twice (the shared machine's drift hits both alike):
 *   - the card page, `/sharma-sweets` beside `/sharma-sweets?src=greeting-1` (each micro-cached);
 *   - the view beacon that counts the visit, without and with `?src=` (the by-source counter
 *     rides in the same in-memory batch: no database write on the request).
 * Reports requests per second and the with/without ratio (goal ≥ 0.95×).
 *
 *   npm run build && npx tsx tests/bench/attribution.ts        BENCH_PORT=3212 BENCH_SECONDS=4
 */
import autocannon from "autocannon";
import { BROWSER_HEADERS, startServer } from "./server.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3953);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const base = `http://localhost:${PORT}`;
// A phone's browser, so the beacon counts (a bot's would not).
const headers = { ...BROWSER_HEADERS, "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36" };

const rps = async (url: string) => {
  await autocannon({ url, connections: 10, duration: 1, headers });
  const r = await autocannon({ url, connections: 10, duration: seconds, headers });
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} answers were not 2xx`);
  return r.requests.average;
};
const avg = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;

async function pair(label: string, without: string, withSrc: string) {
  const a = [await rps(without)];
  const b = [await rps(withSrc)];
  a.push(await rps(without));
  b.push(await rps(withSrc));
  const ratio = avg(b) / avg(a);
  console.log(`${label.padEnd(12)} without src ${avg(a).toFixed(0).padStart(6)} req/s   with src ${avg(b).toFixed(0).padStart(6)} req/s   with/without ${ratio.toFixed(2)}× (goal ≥ 0.95×): ${ratio >= 0.95 ? "MET" : "MISSED"}`);
  return ratio;
}

const server = await startServer({ port: PORT });
try {
  await pair("card page", `${base}/sharma-sweets`, `${base}/sharma-sweets?src=greeting-1`);
  await pair("view beacon", `${base}/api/v1/public-card/sharma-sweets/view.gif`, `${base}/api/v1/public-card/sharma-sweets/view.gif?src=greeting-1`);
} finally {
  await server.stop();
}
