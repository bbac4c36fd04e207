/**
 * Issue 24 / ADR 0066: what a language costs. For each of the seven languages (the browser's
 * Accept-Language, nobody signed in or the demo customer): the customer home's and the sign-in
 * page's first-load JavaScript and HTML, and the public card's HTML with its JavaScript (none);
 * then the public card in Hindi beside English, rendered per request (`?lang=` skips the micro-cache).
 *
 *   npx tsx tests/bench/languages.ts        BENCH_PORT=3352 BENCH_SECONDS=4
 */
import zlib from "node:zlib";
import autocannon from "autocannon";
import { DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { LANGUAGES } from "#contracts/i18n/languages.ts";
import { BROWSER_HEADERS, signIn, startServer } from "./server.ts";
import { javascriptOf } from "./page-weight.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3952);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const base = `http://localhost:${PORT}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function htmlOf(url: string, headers: Record<string, string>) {
  const html = Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
  return { raw: html.byteLength, gzipped: zlib.gzipSync(html).byteLength };
}

const server = await startServer({ port: PORT });
try {
  const cookie = await signIn(base, "/login", { phoneNumber: "9876543210", password: DEMO_PASSWORD });
  console.log("language  home JS gz   home HTML gz   sign-in JS gz   sign-in HTML gz   card JS   card HTML gz");
  let worstHome = 0;
  for (const lang of LANGUAGES) {
    const asking = { "accept-language": lang };
    const home = await javascriptOf(`${base}/panel/customer`, { cookie, ...asking });
    const homeHtml = await htmlOf(`${base}/panel/customer`, { cookie, ...asking });
    const signInJs = await javascriptOf(`${base}/panel/login`, asking);
    const signInHtml = await htmlOf(`${base}/panel/login`, asking);
    const card = await javascriptOf(`${base}/sharma-sweets?lang=${lang}`);
    const cardHtml = await htmlOf(`${base}/sharma-sweets?lang=${lang}`, {});
    worstHome = Math.max(worstHome, home.gzipped);
    console.log(
      `${lang.padEnd(9)} ${kb(home.gzipped).padStart(9)} ${kb(homeHtml.gzipped).padStart(13)} ${kb(signInJs.gzipped).padStart(14)} ${kb(signInHtml.gzipped).padStart(17)} ${kb(card.gzipped).padStart(9)} ${kb(cardHtml.gzipped).padStart(13)}`,
    );
  }
  console.log(`first-load JS of the customer home, worst language: ${kb(worstHome)} gz (budget 115 KB): ${worstHome <= 115 * 1024 ? "MET" : "MISSED"}`);

  const rps = async (url: string) => {
    await autocannon({ url, connections: 10, duration: 1, headers: BROWSER_HEADERS });
    return (await autocannon({ url, connections: 10, duration: seconds, headers: BROWSER_HEADERS })).requests.average;
  };
  // Interleaved twice, so the shared machine's drift hits both alike.
  const en = [await rps(`${base}/sharma-sweets?lang=en`)];
  const hi = [await rps(`${base}/sharma-sweets?lang=hi`)];
  en.push(await rps(`${base}/sharma-sweets?lang=en`));
  hi.push(await rps(`${base}/sharma-sweets?lang=hi`));
  const avg = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const ratio = avg(hi) / avg(en);
  console.log(`public card rendered per request: en ${avg(en).toFixed(0)} req/s, hi ${avg(hi).toFixed(0)} req/s, hi/en ${ratio.toFixed(2)}× (goal ≥ 0.95×): ${ratio >= 0.95 ? "MET" : "MISSED"}`);
} finally {
  await server.stop();
}
