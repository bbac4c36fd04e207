/**
 * Just the first-load JS figures of `npm run bench` (tests/bench/run.ts), and Lighthouse on the
 * public card: for a change that touches the panel's root or the card page (ADR 0063).
 * `npm run build && npx tsx tests/bench/js-weight-only.ts`.
 */
import { DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { signIn, startServer } from "./server.ts";
import { javascriptOf } from "./page-weight.ts";
import { lighthouse } from "./lighthouse.ts";

const PORT = Number(process.env.BENCH_PORT) || 3210;
const server = await startServer({ port: PORT });
try {
  const base = server.base;
  const signedIn = { cookie: await signIn(base, "/login", { phoneNumber: "9876543210", password: DEMO_PASSWORD }) };
  const home = await javascriptOf(`${base}/panel/customer`, signedIn);
  const editor = await javascriptOf(`${base}/panel/customer/digital-card`, signedIn);
  const card = await javascriptOf(`${base}/sharma-sweets`);
  console.log(`first-load JS: customer home ${home.gzipped} B gz (${home.files} files), editor ${editor.gzipped} B gz, public card ${card.gzipped} B gz (${card.files} files)`);
  if (process.argv.includes("--lighthouse")) {
    const lh = await lighthouse(`${base}/sharma-sweets`);
    console.log(`Lighthouse public card: ${lh.score} (LCP ${lh.lcpMs} ms, ${lh.kb.toFixed(0)} KB)`);
  }
} finally {
  await server.stop();
}
