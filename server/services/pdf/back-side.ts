import { BLEED, MM, line, type Op } from "./draw.ts";
import { cardSize, qrOf, type Orientation } from "./templates.ts";
import { SANS_FONTS, type ThemeFonts } from "#server/services/script-fonts.ts";

/**
 * The back of an ID card (ADR 0062): the person's contact as a QR a phone's camera saves with no
 * data, and the business's UPI code when its card has a UPI id. White, so any printer's codes read.
 */
export type CardBack = {
  companyName: string;
  /** The short vCard (offline-contact.ts). */
  contact: string;
  upi: { url: string; id: string } | null;
};

const INK = "#111827";
const MUTED = "#374151";
const qr = (text: string, x: number, y: number, size: number): Op => ({ k: "qr", x, y, size, ...qrOf(text), dark: INK, light: "#ffffff" });

/** `f`: the front's type pairing, so both sides match (the name in the head font). */
export function drawBack(orientation: Orientation, b: CardBack, f: ThemeFonts = SANS_FONTS): Op[] {
  const { w: W, h: H } = cardSize(orientation);
  const ops: (Op | null)[] = [
    { k: "rect", x: -BLEED, y: -BLEED, w: W + 2 * BLEED, h: H + 2 * BLEED, fill: "#ffffff" },
    line(b.companyName, { x: 8, y: 16, w: W - 16, size: 9, weight: 700, color: INK, align: "center", family: f.head }),
  ];
  const contactLabel = "Scan to save contact · no internet needed";
  if (orientation === "landscape") {
    const big = (b.upi ? 36 : 40) * MM;
    const bx = b.upi ? 8 : (W - big) / 2;
    ops.push(qr(b.contact, bx, 22, big));
    ops.push(line(b.upi ? "Save contact (no internet)" : contactLabel, { x: bx - 4, y: 22 + big + 9, w: big + 8, size: 6, color: MUTED, align: "center", family: f.body }));
    if (b.upi) {
      const small = 28 * MM;
      const ux = W - 8 - small;
      ops.push(qr(b.upi.url, ux, 22, small));
      ops.push(line("Pay by UPI", { x: ux - 4, y: 22 + small + 9, w: small + 8, size: 6.5, weight: 700, color: INK, align: "center", family: f.body }));
      ops.push(line(b.upi.id, { x: ux - 6, y: 22 + small + 17, w: small + 12, size: 6, color: MUTED, align: "center", family: f.body }));
    }
  } else {
    const big = 38 * MM;
    ops.push(qr(b.contact, (W - big) / 2, 24, big));
    ops.push(line(contactLabel, { x: 6, y: 24 + big + 9, w: W - 12, size: 6, color: MUTED, align: "center", family: f.body }));
    if (b.upi) {
      const small = 24 * MM;
      const y = 24 + big + 16;
      ops.push(qr(b.upi.url, (W - small) / 2, y, small));
      ops.push(line(`Pay by UPI · ${b.upi.id}`, { x: 6, y: y + small + 9, w: W - 12, size: 6, weight: 700, color: INK, align: "center", family: f.body }));
    }
  }
  return ops.filter((o): o is Op => !!o);
}
