/** The bench's verdict table: each row with its figure, its goal, and MET or MISSED. */
export type Row = { what: string; now: string; goal: string; met: boolean };

export function printTable(title: string, rows: Row[]) {
  const w = [Math.max(4, ...rows.map((r) => r.what.length)), Math.max(3, ...rows.map((r) => r.now.length)), Math.max(4, ...rows.map((r) => r.goal.length))];
  console.log(`\n${title}`);
  console.log(`| ${"what".padEnd(w[0])} | ${"now".padEnd(w[1])} | ${"goal".padEnd(w[2])} |        |`);
  console.log(`|${"-".repeat(w[0] + 2)}|${"-".repeat(w[1] + 2)}|${"-".repeat(w[2] + 2)}|--------|`);
  for (const r of rows) console.log(`| ${r.what.padEnd(w[0])} | ${r.now.padEnd(w[1])} | ${r.goal.padEnd(w[2])} | ${r.met ? "MET   " : "MISSED"} |`);
}
