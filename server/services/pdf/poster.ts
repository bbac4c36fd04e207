import PDFDocument from "pdfkit";
import { MM, line, lines, type Op } from "./draw.ts";
import { paint } from "./render-pdf.ts";
import { registerFonts } from "./text.ts";
import { qrOf } from "./templates.ts";

/**
 * The A6 counter poster of the offline share kit (ADR 0062): the business's name, the contact QR
 * (a short vCard: a phone's camera saves it with no data) and, when the card has a UPI id, the
 * UPI QR with the id written out. Drawn with the ID cards' operations and fonts (every Indic script of ADR 0074).
 */
export const A6 = { w: 105 * MM, h: 148 * MM } as const;

export type PosterInput = {
  businessName: string;
  tagline?: string;
  /** The short vCard (offline-contact.ts). */
  contact: string;
  /** upi://pay?… and the id shown under its code, or null. */
  upi: { url: string; id: string } | null;
  /** The card's link, printed small at the foot. */
  cardUrl: string;
  phone?: string;
  /** The card's colour for the band (already readable under white text). */
  color: string;
};

const INK = "#111827";
const MUTED = "#374151";

export function posterOps(p: PosterInput): Op[] {
  const W = A6.w;
  const H = A6.h;
  const pad = 8 * MM;
  const w = W - 2 * pad;
  const band = 26 * MM;
  const ops: (Op | null)[] = [
    { k: "rect", x: 0, y: 0, w: W, h: band, fill: p.color },
    line(p.businessName, { x: pad, y: 13 * MM, w, size: 20, weight: 700, color: "#ffffff", align: "center" }),
    p.tagline ? line(p.tagline, { x: pad, y: 20.5 * MM, w, size: 9, color: "#ffffff", align: "center" }) : null,
  ];
  // With UPI the two codes share the page; without, the contact's code is larger.
  const contactSize = (p.upi ? 46 : 70) * MM;
  let y = band + 9 * MM;
  ops.push(line("Save our contact", { x: pad, y, w, size: 13, weight: 700, color: INK, align: "center" }));
  y += 2.5 * MM;
  ops.push({ k: "qr", x: (W - contactSize) / 2, y, size: contactSize, ...qrOf(p.contact), dark: INK, light: "#ffffff" });
  y += contactSize + 4 * MM;
  ops.push(...lines("Scan with your phone's camera. Works without internet.", { x: pad, y, w, size: 8.5, color: MUTED, align: "center", maxLines: 2, lineGap: 11 }));
  if (p.upi) {
    const upiSize = 32 * MM;
    y += 8.5 * MM;
    ops.push(line("Pay by UPI", { x: pad, y, w, size: 13, weight: 700, color: INK, align: "center" }));
    y += 2.5 * MM;
    ops.push({ k: "qr", x: (W - upiSize) / 2, y, size: upiSize, ...qrOf(p.upi.url), dark: INK, light: "#ffffff" });
    y += upiSize + 4.5 * MM;
    ops.push(line(`UPI ID: ${p.upi.id}`, { x: pad, y, w, size: 9, weight: 700, color: INK, align: "center" }));
  }
  const foot = [p.phone, p.cardUrl.replace(/^https?:\/\//, "")].filter(Boolean).join("  ·  ");
  ops.push(line(foot, { x: pad, y: H - 6 * MM, w, size: 8, color: MUTED, align: "center" }));
  return ops.filter((o): o is Op => !!o);
}

/** The poster as a one-page A6 PDF. */
export function posterPdf(p: PosterInput): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: `${p.businessName} · counter poster`, Creator: "Card panel" }, compress: true, font: null as unknown as string });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerFonts(doc);
  doc.addPage({ size: [A6.w, A6.h], margin: 0 });
  paint(doc, posterOps(p), {});
  doc.end();
  return done;
}
