/**
 * Lighthouse (mobile, simulated slow 4G: its defaults) on one page, in Debian's Chromium headless
 * shell (CHROME_PATH, default /usr/bin/chromium-headless-shell). Scores depend little on the
 * machine's load (the throttling is simulated), unlike the req/s figures.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium-headless-shell";

export type LighthouseResult = { score: number; lcpMs: number; kb: number };

export async function lighthouse(url: string, headers?: Record<string, string>): Promise<LighthouseResult> {
  const args = [
    url,
    "--quiet",
    "--only-categories=performance",
    "--output=json",
    "--output-path=stdout",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
  ];
  const { stdout } = await run("node_modules/.bin/lighthouse", args, { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
  };
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: report.audits["largest-contentful-paint"].numericValue ?? NaN,
    kb: (report.audits["total-byte-weight"].numericValue ?? NaN) / 1024,
  };
}
