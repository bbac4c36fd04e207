import QRCode from "qrcode";
import { CR80, BLEED, initials, line, lines, type Op } from "./draw.ts";
import type { PdfCardTemplateCode } from "#contracts/pdf-card-constants.ts";
import { inThemeColours } from "./theme-colours.ts";
import { SANS_FONTS, type ThemeFonts, type TypeFamily } from "#server/services/script-fonts.ts";

/** What one person's card shows. */
export type CardContent = {
  companyName: string;
  personName: string;
  designation: string;
  employeeId: string;
  phones: string[];
  email: string;
  address: string;
  bloodGroup?: string;
  validUntil?: string;
  /** The business's digital card URL (the QR code). */
  qrUrl: string;
  hasLogo: boolean;
  hasPhoto: boolean;
};

export type Orientation = "portrait" | "landscape";
/** `f`: the card theme's pair; the names (company, person, initials) in its head font, the rest in its body font. */
type Template = { orientation: Orientation; draw(c: CardContent, qr: Qr, f: ThemeFonts): Op[] };
export type Qr = { count: number; modules: Uint8Array };

const qrCache = new Map<string, Qr>();

/**
 * The QR code's modules, made once per document (every person of a card shares the business
 * URL) and remembered per URL (choosing the mask is the costly part, and URLs repeat).
 */
export function qrOf(url: string): Qr {
  let qr = qrCache.get(url);
  if (!qr) {
    const q = QRCode.create(url || " ", { errorCorrectionLevel: "M" });
    qr = { count: q.modules.size, modules: q.modules.data };
    if (qrCache.size >= 500) qrCache.clear();
    qrCache.set(url, qr);
  }
  return qr;
}

export const cardSize = (o: Orientation) => (o === "portrait" ? { w: CR80.short, h: CR80.long } : { w: CR80.long, h: CR80.short });

const b = BLEED;
const compact = <T>(xs: (T | null | undefined | false)[]) => xs.filter(Boolean) as T[];

function photoOrInitials(c: CardContent, x: number, y: number, w: number, h: number, shape: "circle" | "rounded", bg: string, fg: string, family: TypeFamily): Op[] {
  if (c.hasPhoto) return [{ k: "image", key: "photo", x, y, w, h, shape, r: shape === "rounded" ? 6 : undefined }];
  const base: Op = shape === "circle" ? { k: "circle", cx: x + w / 2, cy: y + h / 2, r: w / 2, fill: bg } : { k: "rect", x, y, w, h, r: 6, fill: bg };
  return compact([base, line(initials(c.personName), { x, y: y + h / 2 + w * 0.12, w, size: w * 0.34, weight: 700, color: fg, align: "center", family })]);
}

function logoOrInitials(c: CardContent, x: number, y: number, s: number, bg: string, fg: string, family: TypeFamily): Op[] {
  const box: Op = { k: "rect", x, y, w: s, h: s, r: 4, fill: bg };
  if (c.hasLogo) return [box, { k: "image", key: "logo", x: x + 2, y: y + 2, w: s - 4, h: s - 4, shape: "rounded", r: 3 }];
  return compact([box, line(initials(c.companyName), { x, y: y + s / 2 + s * 0.13, w: s, size: s * 0.38, weight: 700, color: fg, align: "center", family })]);
}

/** Phones, email, address (and blood group) as small lines from (x, y), `gap` apart. */
function details(c: CardContent, x: number, y: number, w: number, size: number, color: string, gap: number, family: TypeFamily, addressLines = 2): Op[] {
  const rows = compact([
    c.phones.filter(Boolean).length ? `Ph: ${c.phones.filter(Boolean).join(", ")}` : null,
    c.email ? c.email : null,
    c.bloodGroup ? `Blood group: ${c.bloodGroup}` : null,
  ]);
  const ops = compact(rows.map((r, i) => line(r, { x, y: y + i * gap, w, size, color, family })));
  if (c.address) ops.push(...lines(c.address, { x, y: y + rows.length * gap, w, size: size * 0.92, color, family, maxLines: addressLines, lineGap: gap * 0.9 }));
  return ops;
}

const qrOp = (qr: Qr, x: number, y: number, size: number, dark = "#111827", light = "#ffffff"): Op => ({ k: "qr", x, y, size, ...qr, dark, light });

const TEMPLATES: Record<PdfCardTemplateCode, Template> = {
  "aurora-portrait": {
    orientation: "portrait",
    draw(c, qr, f) {
      const { w: W, h: H } = cardSize("portrait");
      return compact([
        { k: "rect", x: -b, y: -b, w: W + 2 * b, h: H + 2 * b, fill: "#ffffff" },
        { k: "path", d: `M${-b} ${-b} H${W + b} V62 C${W * 0.7} 84 ${W * 0.3} 46 ${-b} 70 Z`, fill: "#1e3a8a" },
        { k: "path", d: `M${-b} 70 C${W * 0.3} 46 ${W * 0.7} 84 ${W + b} 62 V70 C${W * 0.7} 92 ${W * 0.3} 54 ${-b} 78 Z`, fill: "#60a5fa", opacity: 0.7 },
        ...logoOrInitials(c, 10, 10, 24, "#ffffff", "#1e3a8a", f.head),
        line(c.companyName, { x: 40, y: 26, w: W - 48, size: 9.5, weight: 700, color: "#ffffff", family: f.head }),
        { k: "circle", cx: W / 2, cy: 84, r: 31, fill: "#ffffff" },
        ...photoOrInitials(c, W / 2 - 28, 56, 56, 56, "circle", "#dbeafe", "#1e3a8a", f.head),
        line(c.personName, { x: 8, y: 132, w: W - 16, size: 12, weight: 700, color: "#111827", align: "center", family: f.head }),
        line(c.designation, { x: 8, y: 143, w: W - 16, size: 7.5, color: "#2563eb", align: "center", family: f.body }),
        c.employeeId ? { k: "rect", x: W / 2 - 34, y: 148, w: 68, h: 11, r: 5.5, fill: "#1e3a8a" } : null,
        c.employeeId ? line(`ID: ${c.employeeId}`, { x: W / 2 - 32, y: 156, w: 64, size: 6.5, weight: 700, color: "#ffffff", align: "center", family: f.body }) : null,
        ...details(c, 10, 172, W - 68, 5.8, "#374151", 9, f.body),
        qrOp(qr, W - 52, H - 60, 44),
        { k: "rect", x: -b, y: H - 8, w: W + 2 * b, h: 8 + b, fill: "#1e3a8a" },
      ]);
    },
  },
  "saffron-portrait": {
    orientation: "portrait",
    draw(c, qr, f) {
      const { w: W, h: H } = cardSize("portrait");
      const x0 = 18;
      return compact([
        { k: "rect", x: -b, y: -b, w: W + 2 * b, h: H + 2 * b, fill: "#fffaf0" },
        { k: "rect", x: -b, y: -b, w: 12 + b, h: H + 2 * b, fill: "#f59e0b" },
        { k: "rect", x: 12, y: -b, w: W - 12 + b, h: 40 + b, fill: "#7c2d12" },
        ...logoOrInitials(c, x0, 8, 24, "#ffffff", "#7c2d12", f.head),
        line(c.companyName, { x: x0 + 30, y: 24, w: W - x0 - 36, size: 9, weight: 700, color: "#fff7ed", family: f.head }),
        { k: "rect", x: (W + 12) / 2 - 33, y: 47, w: 66, h: 74, r: 8, fill: "#f59e0b" },
        ...photoOrInitials(c, (W + 12) / 2 - 30, 50, 60, 68, "rounded", "#fed7aa", "#7c2d12", f.head),
        line(c.personName, { x: x0, y: 137, w: W - x0 - 6, size: 12.5, weight: 700, color: "#7c2d12", align: "center", family: f.head }),
        line(c.designation, { x: x0, y: 148, w: W - x0 - 6, size: 7.5, color: "#b45309", align: "center", family: f.body }),
        c.employeeId ? line(`Employee ID  ${c.employeeId}`, { x: x0, y: 160, w: W - x0 - 6, size: 6.8, weight: 700, color: "#1f2937", align: "center", family: f.body }) : null,
        { k: "rect", x: x0 + 10, y: 166, w: W - x0 - 26, h: 0.8, fill: "#f59e0b" },
        ...details(c, x0, 178, W - x0 - 54, 5.6, "#374151", 8.6, f.body),
        qrOp(qr, W - 48, H - 52, 42, "#7c2d12", "#fffaf0"),
      ]);
    },
  },
  "slate-landscape": {
    orientation: "landscape",
    draw(c, qr, f) {
      const { w: W, h: H } = cardSize("landscape");
      const px = 86;
      return compact([
        { k: "rect", x: -b, y: -b, w: W + 2 * b, h: H + 2 * b, fill: "#f8fafc" },
        { k: "rect", x: -b, y: -b, w: px + b, h: H + 2 * b, fill: "#1e293b" },
        { k: "path", d: `M${px} ${-b} L${px + 14} ${-b} L${px} ${H * 0.45} Z`, fill: "#14b8a6" },
        { k: "rect", x: 11, y: 14, w: 64, h: 76, r: 7, fill: "#14b8a6" },
        ...photoOrInitials(c, 13, 16, 60, 72, "rounded", "#334155", "#e2e8f0", f.head),
        c.employeeId ? line("ID NO.", { x: 8, y: 108, w: px - 16, size: 5.5, color: "#94a3b8", align: "center", family: f.body }) : null,
        c.employeeId ? line(c.employeeId, { x: 8, y: 119, w: px - 16, size: 8, weight: 700, color: "#ffffff", align: "center", family: f.body }) : null,
        c.validUntil ? line(`Valid till ${c.validUntil}`, { x: 8, y: 136, w: px - 16, size: 5.5, color: "#cbd5e1", align: "center", family: f.body }) : null,
        ...logoOrInitials(c, px + 12, 10, 20, "#1e293b", "#ffffff", f.head),
        line(c.companyName, { x: px + 37, y: 24, w: W - px - 45, size: 9, weight: 700, color: "#0f172a", family: f.head }),
        line(c.personName, { x: px + 12, y: 50, w: W - px - 20, size: 12.5, weight: 700, color: "#0f172a", family: f.head }),
        line(c.designation, { x: px + 12, y: 61, w: W - px - 20, size: 7.5, color: "#0d9488", family: f.body }),
        ...details(c, px + 12, 78, W - px - 66, 5.6, "#334155", 8.4, f.body, 3),
        qrOp(qr, W - 50, H - 50, 42),
      ]);
    },
  },
  "mint-landscape": {
    orientation: "landscape",
    draw(c, qr, f) {
      const { w: W, h: H } = cardSize("landscape");
      return compact([
        { k: "rect", x: -b, y: -b, w: W + 2 * b, h: H + 2 * b, fill: "#ffffff" },
        { k: "rect", x: -b, y: -b, w: W + 2 * b, h: 32 + b, fill: "#059669" },
        { k: "path", d: `M${W * 0.62} ${-b} H${W + b} V32 H${W * 0.55} Z`, fill: "#10b981" },
        ...logoOrInitials(c, 9, 5, 22, "#ffffff", "#059669", f.head),
        line(c.companyName, { x: 37, y: 21, w: W - 46, size: 9.5, weight: 700, color: "#ffffff", family: f.head }),
        { k: "circle", cx: 38, cy: 70, r: 27, fill: "#a7f3d0" },
        ...photoOrInitials(c, 13, 45, 50, 50, "circle", "#ecfdf5", "#065f46", f.head),
        line(c.personName, { x: 72, y: 56, w: W - 130, size: 12, weight: 700, color: "#064e3b", family: f.head }),
        line(c.designation, { x: 72, y: 67, w: W - 130, size: 7.5, color: "#059669", family: f.body }),
        ...details(c, 72, 82, W - 130, 5.6, "#374151", 8.4, f.body),
        qrOp(qr, W - 54, 42, 46, "#064e3b"),
        line("Scan for our card", { x: W - 58, y: 96, w: 54, size: 5, color: "#6b7280", align: "center", family: f.body }),
        c.employeeId ? line(`ID: ${c.employeeId}`, { x: 13, y: 112, w: 54, size: 6.5, weight: 700, color: "#065f46", align: "center", family: f.body }) : null,
        { k: "rect", x: -b, y: H - 6, w: W + 2 * b, h: 6 + b, fill: "#059669" },
      ]);
    },
  },
};

export const orientationOf = (code: PdfCardTemplateCode): Orientation => TEMPLATES[code].orientation;

/**
 * The card's drawing, in the card's theme colour and type pairing when given (sans without one),
 * with the diagonal SAMPLE watermark when `sample`.
 */
export function drawCard(code: PdfCardTemplateCode, c: CardContent, qr: Qr, sample: boolean, themeColour?: string | null, fonts: ThemeFonts = SANS_FONTS): Op[] {
  const t = TEMPLATES[code];
  const ops = inThemeColours(code, t.draw(c, qr, fonts), themeColour);
  if (sample) {
    const { w, h } = cardSize(t.orientation);
    const angle = (-Math.atan2(h, w) * 180) / Math.PI;
    const d = Math.hypot(w, h) * 0.8;
    const mark = line("SAMPLE", { x: (w - d) / 2, y: h / 2 + 16, w: d, size: 46, weight: 700, color: "#dc2626", align: "center" });
    if (mark?.k === "text") ops.push({ ...mark, opacity: 0.4, rotate: { angle, cx: w / 2, cy: h / 2 } });
  }
  return ops;
}
