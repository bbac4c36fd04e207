import PDFDocument from "pdfkit";
import { A4, BLEED, CR80, MM, type ImageKey, type Op } from "./draw.ts";
import { drawRuns, registerFonts } from "./text.ts";
import { cardSize, type Orientation } from "./templates.ts";

type Doc = PDFKit.PDFDocument;

export type Images = Partial<Record<ImageKey, Buffer>>;

/** Paints the operations at the current origin (see draw.ts). */
export function paint(doc: Doc, ops: Op[], images: Partial<Record<ImageKey, unknown>>) {
  for (const op of ops) {
    switch (op.k) {
      case "rect":
        (op.r ? doc.roundedRect(op.x, op.y, op.w, op.h, op.r) : doc.rect(op.x, op.y, op.w, op.h)).fillOpacity(op.opacity ?? 1).fill(op.fill);
        break;
      case "circle":
        doc.circle(op.cx, op.cy, op.r).fillOpacity(1).fill(op.fill);
        break;
      case "path":
        doc.path(op.d).fillOpacity(op.opacity ?? 1).fill(op.fill);
        break;
      case "text": {
        doc.save();
        if (op.rotate) doc.rotate(op.rotate.angle, { origin: [op.rotate.cx, op.rotate.cy] });
        doc.fillColor(op.color).fillOpacity(op.opacity ?? 1);
        drawRuns(doc, op.runs, op.x, op.y, op.size);
        doc.restore();
        break;
      }
      case "image": {
        const img = images[op.key];
        if (!img) break;
        doc.save();
        if (op.shape === "circle") doc.circle(op.x + op.w / 2, op.y + op.h / 2, op.w / 2).clip();
        else doc.roundedRect(op.x, op.y, op.w, op.h, op.r ?? 0).clip();
        doc.image(img as Buffer, op.x, op.y, { cover: [op.w, op.h], align: "center", valign: "center" });
        doc.restore();
        break;
      }
      case "qr": {
        const m = op.size / (op.count + 2); // a one-module quiet zone
        doc.rect(op.x, op.y, op.size, op.size).fillOpacity(1).fill(op.light);
        for (let r = 0; r < op.count; r++)
          for (let c = 0; c < op.count; c++) if (op.modules[r * op.count + c]) doc.rect(op.x + (c + 1) * m, op.y + (r + 1) * m, m + 0.02, m + 0.02);
        doc.fill(op.dark);
        break;
      }
    }
  }
}

export type PdfInput = {
  orientation: Orientation;
  /** One drawing per person. */
  cards: Op[][];
  /** Card backs, one CR80 page each after everything else (ADR 0062). */
  backs?: Op[][];
  images: Images;
  /** The CR80 card pages, the A4 sheets (10 cards a page), or both (the download). */
  pages: "both" | "cards" | "sheet";
  title: string;
};

const SHEET_COLS = 2;
const SHEET_ROWS = 5;
export const CARDS_PER_SHEET = SHEET_COLS * SHEET_ROWS;

/**
 * The PDF: one CR80 page with 3 mm bleed per person (TrimBox/BleedBox set, for print shops),
 * then A4 sheets of 10 trimmed cards with thin cut lines, for office printers (portrait cards
 * turned a quarter to fit the grid).
 */
export function renderPdf(input: PdfInput): Promise<Buffer> {
  // font: null skips pdfkit's default Helvetica (an AFM parse per document we never draw with).
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: input.title, Creator: "Card panel" }, compress: true, font: null as unknown as string });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerFonts(doc);
  const images: Partial<Record<ImageKey, unknown>> = {};
  for (const [key, bytes] of Object.entries(input.images)) if (bytes) images[key as ImageKey] = (doc as unknown as { openImage(b: Buffer): unknown }).openImage(bytes); // once per document, reused by the card pages and the sheets

  const { w, h } = cardSize(input.orientation);
  const cardPage = (ops: Op[]) => {
    doc.addPage({ size: [w + 2 * BLEED, h + 2 * BLEED], margin: 0 });
    const page = doc.page as unknown as { dictionary: { data: Record<string, unknown> } };
    page.dictionary.data.TrimBox = [BLEED, BLEED, BLEED + w, BLEED + h];
    page.dictionary.data.BleedBox = [0, 0, w + 2 * BLEED, h + 2 * BLEED];
    doc.save();
    doc.translate(BLEED, BLEED);
    paint(doc, ops, images);
    doc.restore();
  };
  for (const ops of input.pages === "sheet" ? [] : input.cards) cardPage(ops);

  if (input.pages !== "cards") {
    const gap = 4 * MM;
    const gridW = SHEET_COLS * CR80.long + (SHEET_COLS - 1) * gap;
    const gridH = SHEET_ROWS * CR80.short + (SHEET_ROWS - 1) * gap;
    const x0 = (A4.w - gridW) / 2;
    const y0 = (A4.h - gridH) / 2;
    input.cards.forEach((ops, i) => {
      const slot = i % CARDS_PER_SHEET;
      if (slot === 0) doc.addPage({ size: "A4", margin: 0 });
      const x = x0 + (slot % SHEET_COLS) * (CR80.long + gap);
      const y = y0 + Math.floor(slot / SHEET_COLS) * (CR80.short + gap);
      doc.save();
      doc.rect(x - 0.25, y - 0.25, CR80.long + 0.5, CR80.short + 0.5).lineWidth(0.3).strokeOpacity(1).stroke("#9ca3af");
      doc.rect(x, y, CR80.long, CR80.short).clip();
      doc.translate(x, y);
      if (input.orientation === "portrait") doc.translate(CR80.long, 0).rotate(90);
      paint(doc, ops, images);
      doc.restore();
    });
  }
  // The backs come last, so the fronts keep their page numbers (print shops pick the range).
  for (const ops of input.pages === "sheet" ? [] : (input.backs ?? [])) cardPage(ops);
  doc.end();
  return done;
}
