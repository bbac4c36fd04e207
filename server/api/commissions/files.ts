import PDFDocument from "pdfkit";
import { formatPrice } from "#contracts/format.ts";
import type { CommissionStatement } from "#contracts/commissions.ts";
import { fileDay as day, csvFile, rupeesPlain } from "#server/api/lib/csv-cells.ts";
import { drawText, registerFonts, textWidth } from "#server/services/pdf/text.ts";

/*
 * A month's commission statement as a file (ADR 0069), like the month bill's (ADR 0023): CSV
 * through the same cells (server/api/lib/csv-cells.ts); PDF through the shared shaped-text drawing (names in any script of ADR 0074).
 */

const KIND = { sale: "Sale", renewal: "Renewal", reversal: "Reversal" } as const;

const rateText = (r: { basis: "percent" | "fixed"; rate: number }) => (r.basis === "percent" ? `${r.rate / 100}%` : `${formatPrice(r.rate)} per payment`);

export const statementFileName = (s: CommissionStatement, ext: "csv" | "pdf") => `commission-${s.franchisee.franchiseeId}-${s.month}.${ext}`;

export function statementCsv(s: CommissionStatement): string {
  const rows: (string | number | null)[][] = [
    ["Agency", s.agencyName],
    ["Franchisee", s.franchisee.name],
    ["Month", s.month],
    ["Rate", s.rate ? rateText(s.rate) : "not set"],
    [],
    ["Date", "Payment", "Business", "Plan", "Kind", "Paid by customer (INR)", "Rate", "Commission (INR)"],
    ...s.lines.map((l) => [day(l.createdAt), l.recordNo, l.businessName, l.planName, KIND[l.kind], rupeesPlain(l.paymentAmount), rateText(l), rupeesPlain(l.amount)]),
    [],
    ["Earned (INR)", rupeesPlain(s.totals.earned)],
    ["Reversed (INR)", rupeesPlain(s.totals.reversed)],
    ["Net (INR)", rupeesPlain(s.totals.net)],
    ["Paid out (INR)", s.payout ? rupeesPlain(s.payout.amount) : "0.00"],
    ["Paid on", s.payout ? day(s.payout.paidAt) : ""],
    ["Balance (INR)", rupeesPlain(s.balance)],
  ];
  return csvFile(rows);
}

export async function statementPdf(s: CommissionStatement): Promise<Buffer> {
  // font: null skips pdfkit's default Helvetica: every line goes through drawText.
  const doc = new PDFDocument({ size: "A4", margin: 40, font: null as unknown as string, info: { Title: `Commission statement ${s.month} — ${s.franchisee.name}` } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  registerFonts(doc);
  let size = 10;
  const widthOf = (t: string) => textWidth(t, size);
  /** One line, each script in its own font (names in any Indian script); cut to `width` with "…". */
  const text = (t: string, x: number, y: number, o: { width?: number; right?: boolean } = {}) => {
    let shown = t;
    if (o.width) while (shown.length > 1 && widthOf(shown) > o.width) shown = `${shown.slice(0, -2)}…`;
    drawText(doc, shown, x, y, { size, width: o.width, align: o.right ? "right" : "left" });
  };
  let y = 40;
  size = 16;
  text(`Commission statement — ${s.month}`, 40, y, { width: 515 });
  y += 24;
  size = 10;
  text(`${s.agencyName}`, 40, y, { width: 515 });
  y += 14;
  text(`Franchisee: ${s.franchisee.name} · Rate: ${s.rate ? rateText(s.rate) : "not set"}`, 40, y, { width: 515 });
  y += 24;
  const cols = [40, 110, 250, 330, 390, 470];
  const widths = [66, 136, 76, 56, 76, 85];
  ["Date", "Business", "Plan", "Kind", "Paid", "Commission"].forEach((h, i) => text(h, cols[i], y, { width: widths[i], right: i >= 4 }));
  y += 16;
  if (s.lines.length === 0) {
    text("No commission this month.", 40, y);
    y += 14;
  }
  for (const l of s.lines) {
    if (y > 780) {
      doc.addPage();
      y = 40;
    }
    text(day(l.createdAt), cols[0], y, { width: widths[0] });
    text(l.businessName ?? "—", cols[1], y, { width: widths[1] });
    text(l.planName ?? "—", cols[2], y, { width: widths[2] });
    text(KIND[l.kind], cols[3], y, { width: widths[3] });
    text(formatPrice(l.paymentAmount), cols[4], y, { width: widths[4], right: true });
    text(formatPrice(l.amount), cols[5], y, { width: widths[5], right: true });
    y += 14;
  }
  y += 12;
  for (const [label, value] of [
    ["Earned", s.totals.earned],
    ["Reversed", s.totals.reversed],
    ["Net", s.totals.net],
    ["Paid out", s.payout?.amount ?? 0],
    ["Balance", s.balance],
  ] as const) {
    text(label, 380, y);
    text(formatPrice(value), 470, y, { width: 85, right: true });
    y += 14;
  }
  if (s.payout) text(`Paid on ${day(s.payout.paidAt)}${s.payout.reference ? ` · ${s.payout.reference}` : ""}`, 40, y + 6, { width: 515 });
  doc.end();
  return done;
}
