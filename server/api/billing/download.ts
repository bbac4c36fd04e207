import PDFDocument from "pdfkit";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { agencies } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { notFound } from "#server/api/lib/errors.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { formatPrice } from "#contracts/format.ts";
import { fileDay, csvFile, rupeesPlain } from "#server/api/lib/csv-cells.ts";
import { drawText, registerFonts, textWidth } from "#server/services/pdf/text.ts";
import { periodLabel, type BillFormat } from "#contracts/billing-texts.ts";
import { monthPaymentsView } from "./service.ts";

/*
 * A month bill as a file (ADR 0023): CSV (UTF-8 BOM so Excel reads ₹; cells starting with = + - @
 * tab or CR prefixed with ' against CSV injection) or PDF (pdfkit; names and addresses in any
 * script of ADR 0074 shaped by HarfBuzz and drawn in their Noto font, the ₹ sign in Devanagari's,
 * the only packaged subset that has it).
 */


type View = Awaited<ReturnType<typeof monthPaymentsView>>;
/** Who issues the bill: the platform (ADR 0037). `address` and `gstin` are left out of the bill when unset. */
type Issuer = { name: string; address: string | null; gstin: string | null };

const filled = (s: string | null | undefined) => (typeof s === "string" && s.trim() !== "" ? s.trim() : null);

/**
 * The platform's name, address and GSTIN for its bills (ADR 0037): the superadmin agency's
 * `configuration.invoiceIssuer` (legalName, address, gstin), the legal name falling back to the
 * agency's name; blank values count as unset.
 */
async function issuerOf(db: Db): Promise<Issuer> {
  const [platform] = await db
    .select({ agencyName: agencies.agencyName, configuration: agencies.configuration })
    .from(agencies)
    .where(sql`'superadmin' = any(${agencies.roles})`)
    .orderBy(agencies.id)
    .limit(1);
  const set = platform?.configuration.invoiceIssuer ?? {};
  return { name: filled(set.legalName) ?? platform?.agencyName ?? "The platform", address: filled(set.address), gstin: filled(set.gstin) };
}
type Bill = NonNullable<View["bill"]>;

function csv(view: View, bill: Bill): string {
  const rows: (string | number | null)[][] = [
    ["Agency", view.agencyName],
    ["Bill", periodLabel(bill)],
    ["Due date", fileDay(bill.dueDate)],
    ["Status", bill.overdue ? "overdue" : bill.status],
    [],
    ["Card", "Business", "Plan", "Customer paid (INR)", "Paid on", "Price (INR)", "In bill", "Moved out reason"],
    ...bill.items.map((i) => [i.cardId, i.businessName, i.planName, rupeesPlain(i.customerPrice), fileDay(i.cardPaidAt), rupeesPlain(i.amount), i.movedOutAt ? "no" : "yes", i.movedOutReason]),
    [],
    ["Subtotal (INR)", rupeesPlain(bill.subtotal)],
    [`GST ${bill.gstPercent}% (INR)`, rupeesPlain(bill.gstAmount)],
    ["Total (INR)", rupeesPlain(bill.amount)],
    ["Paid (INR)", rupeesPlain(bill.amountPaid)],
    ["Outstanding (INR)", rupeesPlain(bill.outstanding)],
  ];
  return csvFile(rows);
}

async function pdf(view: View, bill: Bill, issuer: Issuer): Promise<Buffer> {
  // font: null skips pdfkit's default Helvetica: every line goes through drawText.
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `Bill ${periodLabel(bill)} — ${view.agencyName}` }, font: null as unknown as string });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  registerFonts(doc);
  let size = 10;
  /** One line of text, its top at `y`, each script in its own font. */
  const text = (s: string, x: number, y: number, o: { width?: number; align?: "left" | "right" } = {}) => drawText(doc, s, x, y, { size, ...o });
  /** Width of a string as `text` draws it. */
  const widthOf = (s: string) => textWidth(s, size);
  /**
   * A cell's text in lines of at most `width` (ADR 0037): breaks after spaces and hyphens only,
   * never inside a word; past `maxLines`, or a word wider than the cell, ends in "…".
   */
  const linesOf = (s: string, width: number, maxLines: number): string[] => {
    const fit = (t: string) => widthOf(t) <= width;
    const ellipsize = (t: string) => {
      let words = t.split(/(?<=[\s-])/);
      while (words.length > 1 && !fit(`${words.join("").trimEnd()}…`)) words = words.slice(0, -1);
      let last = words.join("").trimEnd();
      while (last.length > 1 && !fit(`${last}…`)) last = last.slice(0, -1); // one word wider than the cell
      return `${last}…`;
    };
    const lines: string[] = [];
    let line = "";
    for (const token of s.trim().split(/(?<=[\s-])/)) {
      if (line && !fit((line + token).trimEnd())) {
        lines.push(line.trimEnd());
        line = "";
      }
      line += token;
    }
    if (line) lines.push(line.trimEnd());
    const shown = lines.slice(0, maxLines).map((l) => (fit(l) ? l : ellipsize(l)));
    if (lines.length > maxLines) shown[maxLines - 1] = ellipsize(`${shown[maxLines - 1]} ${lines[maxLines]}`);
    return shown.length ? shown : [""];
  };
  /** A cell's lines from `y` down; returns the height used. */
  const cell = (s: string, x: number, y: number, width: number, maxLines: number, lineHeight: number) => {
    const lines = linesOf(s, width, maxLines);
    lines.forEach((l, n) => text(l, x, y + n * lineHeight));
    return lines.length * lineHeight;
  };

  let y = 40;
  size = 18;
  y += cell(`${view.agencyName} — bill for ${periodLabel(bill)}`, 40, y, 515, 2, 24) + 4;
  size = 10;
  // The platform issues the bill: its name, and its address and GSTIN when set (ADR 0037).
  y += cell(`From: ${issuer.name}`, 40, y, 515, 2, 13);
  if (issuer.address) y += cell(issuer.address, 40, y, 515, 3, 13);
  if (issuer.gstin) y += cell(`GSTIN ${issuer.gstin}`, 40, y, 515, 1, 13);
  y += cell(`To: ${view.agencyName}`, 40, y, 515, 2, 13) + 6;
  text(`Due ${fileDay(bill.dueDate)} · ${bill.overdue ? "Overdue" : bill.status === "paid" ? "Paid" : "Pending"} · ${bill.cards} card(s) at ${formatPrice(bill.perCardPrice)} each`, 40, y);
  y += 26;
  const cols = [40, 130, 260, 340, 420, 490];
  const widths = [84, 124, 74, 74, 64, 60];
  ["Card", "Business", "Plan", "Customer paid", "Paid on", "Price"].forEach((h, i) => text(h, cols[i], y));
  y += 16;
  for (const i of bill.items) {
    const out = i.movedOutAt !== null;
    const reason = out && i.movedOutReason ? linesOf(`Reason: ${i.movedOutReason}`, 450, 3) : [];
    const rows = Math.max(...[i.cardId ?? "—", i.businessName ?? "—", i.planName ?? "—"].map((s, c) => linesOf(s, widths[c], 3).length));
    if (y + rows * 12 + reason.length * 12 > 790) {
      doc.addPage();
      y = 40;
    }
    doc.fillColor(out ? "#888888" : "#000000");
    cell(i.cardId ?? "—", cols[0], y, widths[0], 3, 12);
    cell(i.businessName ?? "—", cols[1], y, widths[1], 3, 12);
    cell(i.planName ?? "—", cols[2], y, widths[2], 3, 12);
    text(formatPrice(i.customerPrice), cols[3], y);
    text(fileDay(i.cardPaidAt), cols[4], y);
    text(out ? "moved out" : formatPrice(i.amount), cols[5], y, { width: 60, align: "right" });
    y += rows * 12;
    reason.forEach((l) => {
      text(l, cols[1], y);
      y += 12;
    });
    y += 2;
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
  const body = await pdf(view, view.bill, await issuerOf(deps.db));
  return new Response(new Uint8Array(body), {
    headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="${name}.pdf"`, "cache-control": "no-store" },
  });
}
