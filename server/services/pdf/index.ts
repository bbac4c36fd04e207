import sharp from "sharp";
import type { PdfCardTemplateCode } from "#contracts/pdf-card-constants.ts";
import { drawCard, cardSize, orientationOf, qrOf, type CardContent } from "./templates.ts";
import { renderPdf, type Images } from "./render-pdf.ts";
import { drawBack, type CardBack } from "./back-side.ts";
import { renderPng } from "./render-png.ts";
import type { ThemeFonts } from "#server/services/script-fonts.ts";

export type { CardContent } from "./templates.ts";
export type { CardBack } from "./back-side.ts";
export { CARDS_PER_SHEET } from "./render-pdf.ts";
export { CR80, BLEED, MM } from "./draw.ts";

export type PdfCardFile = {
  templateCode: PdfCardTemplateCode;
  companyName: string;
  /** One card per person (at least one). */
  people: Omit<CardContent, "hasLogo" | "hasPhoto" | "companyName" | "qrUrl">[];
  qrUrl: string;
  logo?: Buffer | null;
  /** Photos by the person's index. */
  photos?: (Buffer | null | undefined)[];
  /** The diagonal SAMPLE watermark (not paid yet). */
  sample: boolean;
  /** The business's digital card theme colour (#rrggbb): the template's brand colours take its shades. */
  themeColour?: string | null;
  /** The digital card theme's type pairing (script-fonts.ts themeFonts): names in its head font, the rest in its body font; sans when absent. */
  fonts?: ThemeFonts;
  /** Each person's card back (contact and UPI codes), after the fronts and sheets; none: no backs. */
  backs?: CardBack[];
  /** Default both: the card pages then the A4 sheets. */
  pages?: "both" | "cards" | "sheet";
};

/** Uploaded images (JPEG, PNG or WebP) as small PNGs both painters take. */
export async function normaliseImage(bytes: Uint8Array | null | undefined, px = 360): Promise<Buffer | null> {
  if (!bytes?.length) return null;
  try {
    return await sharp(bytes).rotate().resize(px, px, { fit: "inside", withoutEnlargement: true }).png().toBuffer();
  } catch {
    return null; // an unreadable image leaves the initials placeholder rather than failing the card
  }
}

function drawings(f: PdfCardFile) {
  const qr = qrOf(f.qrUrl);
  return f.people.map((p, i) =>
    drawCard(f.templateCode, { ...p, companyName: f.companyName, qrUrl: f.qrUrl, hasLogo: !!f.logo, hasPhoto: !!f.photos?.[i] }, qr, f.sample, f.themeColour, f.fonts),
  );
}

/** The card PDF: the CR80 pages then the A4 sheets. Photos differ per person, so each person's page carries its own. */
export async function pdfCardPdf(f: PdfCardFile): Promise<Buffer> {
  const orientation = orientationOf(f.templateCode);
  const cards = drawings(f);
  const photos = f.photos ?? [];
  const backs = (f.backs ?? []).map((b) => drawBack(orientation, b, f.fonts));
  if (!photos.some(Boolean)) {
    return renderPdf({ orientation, cards, backs, images: { logo: f.logo ?? undefined }, pages: f.pages ?? "both", title: f.companyName });
  }
  // Per-person photos: give each drawing its photo under a person-specific key.
  return renderPdf({
    orientation,
    cards: cards.map((ops, i) => ops.map((op) => (op.k === "image" && op.key === "photo" ? { ...op, key: `photo${i}` as "photo" } : op))),
    backs,
    images: { logo: f.logo ?? undefined, ...Object.fromEntries(photos.map((p, i) => [`photo${i}`, p ?? undefined])) } as Images,
    pages: f.pages ?? "both",
    title: f.companyName,
  });
}

/** The preview PNG: the first person's card page, drawn by the same operations as the PDF. */
export async function pdfCardPreviewPng(f: PdfCardFile, scale = 3): Promise<Buffer> {
  const [first] = drawings({ ...f, people: f.people.slice(0, 1) });
  return renderPng(first, cardSize(orientationOf(f.templateCode)), { logo: f.logo ?? undefined, photo: f.photos?.[0] ?? undefined }, scale);
}
export { posterPdf, A6, type PosterInput } from "./poster.ts";
