import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { Actor } from "#server/auth/roles.ts";
import { notFound } from "#server/api/lib/errors.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { formatPrice } from "#contracts/format.ts";
import { periodLabel, type BillFormat } from "#contracts/billing-texts.ts";
import { monthPaymentsView } from "./service.ts";

/*
 * A month bill as a file (ADR 0023): CSV (UTF-8 BOM so Excel reads ₹; cells starting with = + - @
 * tab or CR prefixed with ' against CSV injection) or PDF (pdfkit, Noto Sans; the ₹ sign comes
 * from the Devanagari subset, the only one of the packaged files that has it).
 */

const require = createRequire(import.meta.url);
const FONT_LATIN = require.resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff");
const FONT_RUPEE = require.resolve("@fontsource/noto-sans/files/noto-sans-devanagari-400-normal.woff");

const safeCell = (v: string | number | null | undefined) => {
  let s = v === null || v === undefined ? "" : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const rupeesPlain = (paise: number) => (paise / 100).toFixed(2);
const day = (d: Date | null) => (d ? d.toLocaleDateString("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }) : "");

type View = Awaited<ReturnType<typeof monthPaymentsView>>;
type Bill = NonNullable<View["bill"]>;

function csv(view: View, bill: Bill): string {
  const rows: (string | number | null)[][] = [
    ["Agency", view.agencyName],
    ["Bill", periodLabel(bill)],
    ["Due date", day(bill.dueDate)],
    ["Status", bill.overdue ? "overdue" : bill.status],
    [],
    ["Card", "Business", "Plan", "Customer paid (INR)", "Paid on", "Price (INR)", "In bill", "Moved out reason"],
    ...bill.items.map((i) => [i.cardId, i.businessName, i.planName, rupeesPlain(i.customerPrice), day(i.cardPaidAt), rupeesPlain(i.amount), i.movedOutAt ? "no" : "yes", i.movedOutReason]),
    [],
    ["Subtotal (INR)", rupeesPlain(bill.subtotal)],
    [`GST ${bill.gstPercent}% (INR)`, rupeesPlain(bill.gstAmount)],
    ["Total (INR)", rupeesPlain(bill.amount)],
    ["Paid (INR)", rupeesPlain(bill.amountPaid)],
    ["Outstanding (INR)", rupeesPlain(bill.outstanding)],
  ];
  return "\uFEFF" + rows.map((r) => r.map(safeCell).join(",")).join("\r\n") + "\r\n";
}

async function pdf(view: View, bill: Bill): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `Bill ${periodLabel(bill)} — ${view.agencyName}` } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.registerFont("latin", FONT_LATIN);
  doc.registerFont("rupee", FONT_RUPEE);
  /** Text with ₹ signs drawn in the font that has them. */
  const text = (s: string, x: number, y: number, o: { width?: number; align?: "left" | "right" } = {}) => {
    const parts = s.split(/(₹)/).filter(Boolean);
    if (o.align === "right" && o.width) {
      const w = parts.reduce((sum, p) => sum + doc.font(p === "₹" ? "rupee" : "latin").widthOfString(p), 0);
      x += o.width - w;
    }
    for (const p of parts) {
      doc.font(p === "₹" ? "rupee" : "latin").text(p, x, y, { lineBreak: false });
      x += doc.widthOfString(p);
    }
  };
  doc.fontSize(18);
  text(`${view.agencyName} — bill for ${periodLabel(bill)}`, 40, 40);
  doc.fontSize(10);
  text(`Due ${day(bill.dueDate)} · ${bill.overdue ? "Overdue" : bill.status === "paid" ? "Paid" : "Pending"} · ${bill.cards} card(s) at ${formatPrice(bill.perCardPrice)} each`, 40, 68);
  const cols = [40, 130, 260, 340, 420, 490];
  let y = 100;
  ["Card", "Business", "Plan", "Customer paid", "Paid on", "Price"].forEach((h, i) => text(h, cols[i], y));
  y += 16;
  for (const i of bill.items) {
    if (y > 760) {
      doc.addPage();
      y = 40;
    }
    const out = i.movedOutAt !== null;
    doc.fillColor(out ? "#888888" : "#000000");
    text((i.cardId ?? "—").slice(0, 16), cols[0], y);
    text((i.businessName ?? "—").slice(0, 22), cols[1], y);
    text((i.planName ?? "—").slice(0, 14), cols[2], y);
    text(formatPrice(i.customerPrice), cols[3], y);
    text(day(i.cardPaidAt), cols[4], y);
    text(out ? "moved out" : formatPrice(i.amount), cols[5], y, { width: 60, align: "right" });
    if (out && i.movedOutReason) {
      y += 12;
      text(`Reason: ${i.movedOutReason.slice(0, 90)}`, cols[1], y);
    }
    y += 14;
  }
  doc.fillColor("#000000");
  y += 10;
  for (const [label, value] of [
    ["Subtotal", bill.subtotal],
    [`GST ${bill.gstPercent}%`, bill.gstAmount],
    ["Total", bill.amount],
    ["Paid", bill.amountPaid],
    ["Outstanding", bill.outstanding],
  ] as const) {
    text(label, 380, y);
    text(formatPrice(value), 490, y, { width: 60, align: "right" });
    y += 14;
  }
  doc.end();
  return done;
}

/** GET /month-payments/download?month&year&agencyId&format */
export async function billDownload(deps: Deps, actor: Actor, agency: AgencyRow, query: { agencyId?: number; month?: number; year?: number; format: BillFormat }) {
  const view = await monthPaymentsView(deps, actor, agency, query);
  if (!view.bill) throw notFound("No bill for this month yet.");
  const name = `bill-${view.year}-${String(view.month).padStart(2, "0")}`;
  if (query.format === "csv") {
    return new Response(csv(view, view.bill), {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}.csv"`, "cache-control": "no-store" },
    });
  }
  const body = await pdf(view, view.bill);
  return new Response(new Uint8Array(body), {
    headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="${name}.pdf"`, "cache-control": "no-store" },
  });
}
