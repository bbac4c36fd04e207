/**
 * `npm run bench` (after run.ts): PDF ID card generation (ADR 0024), in-process, the drawing and
 * pdfkit only (no database, no HTTP): one CR80 card page per PDF (goal ≤ 5 ms), the download of
 * one person (card page + A4 sheet), and an A4 sheet of 10 cards. Fonts are parsed once per
 * process (as on the server); names change every run so the text shaping cache is not all hot.
 *
 *   BENCH_PDF_RUNS=200
 */
import { pdfCardPdf, type PdfCardFile } from "#server/services/pdf/index.ts";

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 200);

const person = (i: number) => ({
  personName: `Asha Verma ${i}`,
  designation: "Sales Manager",
  employeeId: `EMP-${1000 + i}`,
  phones: ["+91 98765 43210"],
  email: `asha${i}@acme-traders.in`,
  address: "12, MG Road, Bengaluru, Karnataka 560001",
  bloodGroup: "B+",
});

const file = (i: number, people: number, pages: PdfCardFile["pages"]): PdfCardFile => ({
  templateCode: (["aurora-portrait", "saffron-portrait", "slate-landscape", "mint-landscape"] as const)[i % 4],
  companyName: "Acme Traders प्रा. लि.",
  people: Array.from({ length: people }, (_, j) => person(i * 10 + j)),
  qrUrl: `https://demo.example.com/acme-${i}`,
  sample: i % 2 === 0,
  pages,
});

async function measure(name: string, people: number, pages: PdfCardFile["pages"], goalMs?: number) {
  for (let i = 0; i < 60; i++) await pdfCardPdf(file(i, people, pages)); // warm-up: JIT, font parsing
  const times: number[] = [];
  let bytes = 0;
  // CPU time of this process too: on a shared, loaded machine wall time mostly measures the queue.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    bytes += (await pdfCardPdf(file(i, people, pages))).length;
    times.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / RUNS;
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const p50 = times[Math.floor(times.length / 2)];
  const p95 = times[Math.floor(times.length * 0.95)];
  const verdict = goalMs === undefined ? "" : `  goal ≤ ${goalMs} ms: wall ${mean <= goalMs ? "ok" : "MISSED"}, CPU ${cpuMs <= goalMs ? "ok" : "MISSED"}`;
  console.log(
    `${name.padEnd(38)} wall mean ${mean.toFixed(2).padStart(6)} ms  p50 ${p50.toFixed(2).padStart(6)}  p95 ${p95.toFixed(2).padStart(6)}  CPU ${cpuMs.toFixed(2).padStart(6)} ms  ${(bytes / RUNS / 1024).toFixed(1)} KB${verdict}`,
  );
}

console.log(`PDF ID cards (${RUNS} runs each, one at a time, load average ${(await import("node:os")).loadavg()[0].toFixed(1)}):`);
await measure("one CR80 card page", 1, "cards", 5);
await measure("one person: card page + A4 sheet", 1, "both");
await measure("A4 sheet of 10 cards", 10, "sheet");
await measure("10 people: 10 card pages + A4 sheet", 10, "both");
