import sharp, { type OverlayOptions } from "sharp";
import QRCode from "qrcode";
import qrUtils from "qrcode/lib/renderer/utils.js";
import { FRAME_DISPLAYS, FRAME_HEIGHTS, FRAME_NAMES } from "#server/db/schema/business.ts";
import { PANGO_FAMILIES, ensureFonts } from "./fonts.ts";
import { SANS_FONTS, type ThemeFonts, type TypeFamily } from "#server/services/script-fonts.ts";

/*
 * The business's frame over a greeting post, drawn once as a transparent layer: the image
 * branding (branding.ts) composites it over the post with sharp, the video branding overlays the
 * same PNG with ffmpeg. One drawing, so an image and a video of the same business look alike.
 *
 * Sizes are fractions of the media's width (1080 px for a square post), so a story (1080×1920)
 * gets the same band as a square post. Text goes through libvips' Pango renderer with a box:
 * a long name shrinks (and wraps to a second line) to fit, it never overflows the band.
 */

export type FrameName = (typeof FRAME_NAMES)[number];
export type FrameHeight = (typeof FRAME_HEIGHTS)[number];
export type FrameDisplay = (typeof FRAME_DISPLAYS)[number];

export const BRAND_DETAIL_KEYS = ["logo", "name", "phone", "whatsapp", "email", "address", "website", "cardLink"] as const;
export type BrandDetailKey = (typeof BRAND_DETAIL_KEYS)[number];

/** What the frame can show of a business. Empty values are simply left out. */
export type BrandDetails = {
  name: string;
  phone?: string | null;
  whatsapp?: string | null;
  email?: string | null;
  address?: string | null;
  website?: string | null;
  /** The card's link (https://host/card-id): printed short, and as a QR code (ADR 0068). */
  cardUrl?: string | null;
  /** What the QR code holds: the card link with its source (`?src=greeting-42`); cardUrl?src=greeting when absent. */
  cardQr?: string | null;
  /** The logo's bytes (any format sharp reads), or null. */
  logo?: Uint8Array | null;
  /** Band colour (#rrggbb); the frame's own default when absent. */
  primaryColor?: string | null;
  /**
   * The card theme's type pairing: the name in its head font, the contact lines in its body
   * font. Absent is sans for both (left out then, so the details' hash of a sans theme is unchanged).
   */
  fonts?: ThemeFonts;
};

export type FrameSettings = {
  frameName: FrameName;
  height: FrameHeight;
  display: FrameDisplay;
  /** Which details the frame shows (all-details); absent keys count as shown. */
  show?: Partial<Record<BrandDetailKey, boolean>>;
};

export const DEFAULT_FRAME_SETTINGS: FrameSettings = { frameName: "frame7", height: "HEIGHT-2", display: "all-details" };

/** Band height as a fraction of the media width. */
const BAND: Record<FrameHeight, number> = { "HEIGHT-1": 0.15, "HEIGHT-2": 0.19, "HEIGHT-3": 0.23 };

type Palette = { band: string; text: string; accent: string; logoBg: string };
const PALETTES: Record<FrameName, Palette> = {
  frame7: { band: "#0f3d6e", text: "#ffffff", accent: "#f5b301", logoBg: "#ffffff" },
  frame2: { band: "#ffffff", text: "#1b1b1b", accent: "#d6336c", logoBg: "#ffffff" },
  frame3: { band: "#1b1b1b", text: "#ffffff", accent: "#e8590c", logoBg: "#ffffff" },
};

const HEX = /^#[0-9a-f]{6}$/i;

const escapeMarkup = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** One line of text fitted into a w×h box (Pango picks the largest size that fits, wrapping if it must). Exported for the shaping test. */
export async function textBox(text: string, o: { w: number; h: number; color: string; bold?: boolean; align?: "left" | "centre" | "right"; maxPx: number; family?: TypeFamily }) {
  const w = Math.max(1, Math.round(o.w));
  const h = Math.max(1, Math.round(o.h));
  const markup = `<span foreground="${o.color}">${escapeMarkup(text)}</span>`;
  const families = PANGO_FAMILIES[o.family ?? "sans"];
  const font = `${families} ${o.bold ? "Bold " : ""}${Math.round(o.maxPx)}px`;
  // First at the design size; only when that does not fit does Pango fit it into the box.
  const natural = await sharp({ text: { text: markup, font, rgba: true, dpi: 72, width: w, wrap: "word-char", align: o.align ?? "left" } })
    .png({ compressionLevel: 0 })
    .toBuffer({ resolveWithObject: true });
  if (natural.info.height <= h && natural.info.width <= w) return natural;
  const fitted = await sharp({ text: { text: markup, font: `${families}${o.bold ? " Bold" : ""}`, rgba: true, width: w, height: h, wrap: "word-char", align: o.align ?? "left" } })
    .png({ compressionLevel: 0 })
    .toBuffer({ resolveWithObject: true });
  if (fitted.info.height <= h && fitted.info.width <= w) return fitted;
  // Pango's fit can overshoot by a pixel or two: scale down rather than spill out of the band.
  return sharp(fitted.data).resize({ width: w, height: h, fit: "inside" }).png({ compressionLevel: 0 }).toBuffer({ resolveWithObject: true });
}

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

function visibleDetails(details: BrandDetails, settings: FrameSettings) {
  const shown = (k: BrandDetailKey) => settings.show?.[k] !== false;
  const phone = shown("phone") ? clean(details.phone) : "";
  let whatsapp = shown("whatsapp") ? clean(details.whatsapp) : "";
  if (whatsapp && whatsapp === phone) whatsapp = "";
  return {
    name: shown("name") ? clean(details.name) : "",
    phone,
    whatsapp,
    email: shown("email") ? clean(details.email) : "",
    address: shown("address") ? clean(details.address) : "",
    website: shown("website") ? clean(details.website) : "",
    cardLink: shown("cardLink") && details.cardUrl ? details.cardUrl.replace(/^https?:\/\//, "") : "",
    cardQr: shown("cardLink") && details.cardUrl ? (details.cardQr ?? `${details.cardUrl}?src=greeting`) : null,
    logo: shown("logo") && details.logo && details.logo.byteLength > 0 ? details.logo : null,
  };
}

/** The card's QR code on a white plate, `box` px square (level M: survives a WhatsApp recompression), as raw RGBA. */
export async function qrLayer(text: string, box: number): Promise<RawLayer> {
  const size = Math.max(32, Math.round(box));
  // What QRCode.toBuffer draws (its PNG renderer's own pixel filler), without the PNG round trip.
  const opts = qrUtils.getOptions({ errorCorrectionLevel: "M", margin: 1, width: size });
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const side = qrUtils.getImageWidth(qr.modules.size, opts);
  const pixels = Buffer.alloc(side * side * 4);
  qrUtils.qrToImageData(pixels, qr, opts);
  const data = await sharp(pixels, { raw: { width: side, height: side, channels: 4 } }).resize({ width: size, height: size, fit: "fill", kernel: "nearest" }).raw().toBuffer();
  return { input: data, raw: { width: size, height: size, channels: 4 } };
}

/** A layer as raw RGBA, ready for sharp's composite (no PNG encode and decode in between). */
export type RawLayer = { input: Buffer; raw: { width: number; height: number; channels: 4 } };

async function logoLayer(logo: Uint8Array, box: number, pad: number, background: string) {
  const inner = Math.max(1, Math.round(box - pad * 2));
  const fitted = await sharp(logo, { limitInputPixels: 50_000_000 })
    .resize({ width: inner, height: inner, fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
    .catch(() => null); // an unreadable logo leaves the frame without one, never without an image
  if (!fitted) return null;
  const size = Math.round(box);
  const r = Math.round(box * 0.14);
  const plate = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${r}" fill="${background}"/></svg>`,
  );
  return sharp(plate)
    .composite([{ input: fitted, left: Math.round(pad), top: Math.round(pad) }])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** One horizontal slice of the frame (full width), raw RGBA: rows `top`..`top + height - 1`. */
export type FramePart = { data: Buffer; top: number; height: number };

/**
 * The frame as raw RGBA slices: only the rows it draws on (the band; for frame3 the ribbon and
 * the strip; the corner for only-logo), each width×height×4. The image branding composites the
 * slices over the post: a frame7 band is a fifth of a square post, so compositing (and drawing)
 * costs a fifth of a full-size transparent layer for the same pixels (ADR 0078).
 * renderFrameOverlay puts them on one full-size transparent PNG (videos).
 */
export async function renderFrameOverlayRaw(input: {
  details: BrandDetails;
  settings: FrameSettings;
  width: number;
  height: number;
  /** The caller draws its own (opaque, same place and size) QR code over the card's: the frame leaves it out. */
  qrDrawnByCaller?: boolean;
}) {
  await ensureFonts();
  const W = Math.round(input.width);
  const H = Math.round(input.height);
  if (!(W > 0 && H > 0 && W <= 8192 && H <= 8192)) throw new Error(`Bad overlay size ${W}×${H}`);
  const frame = FRAME_NAMES.includes(input.settings.frameName) ? input.settings.frameName : "frame7";
  const palette = { ...PALETTES[frame] };
  if (input.details.primaryColor && HEX.test(input.details.primaryColor) && frame !== "frame2") palette.band = input.details.primaryColor;
  const d = visibleDetails(input.details, input.settings);
  const fonts = input.details.fonts ?? SANS_FONTS;
  // Each layer in the slice of rows it lies in (absolute positions; made relative at the end).
  const regions: { top: number; height: number }[] = [];
  const layers: { region: number; layer: OverlayOptions; rows: number }[] = [];
  const region = (top: number, height: number) => regions.push({ top: Math.max(0, Math.round(top)), height: Math.round(height) }) - 1;
  /** `rows`: the layer's height, so a layer taller than its slice (a tiny size) is caught. */
  const add = (r: number, rows: number, layer: OverlayOptions) => layers.push({ region: r, layer, rows });
  // Where the card's QR code sits: a branded image draws its own greeting's code over it (branding.ts).
  let qr: { left: number; top: number; size: number } | null = null;
  const u = W / 1080; // design unit: px on a 1080-wide post

  if (input.settings.display === "only-logo") {
    const box = Math.round(W * 0.17);
    const margin = Math.round(24 * u);
    const logo = d.logo ? await logoLayer(d.logo, box, 10 * u, palette.logoBg) : null;
    if (logo) add(region(0, margin + box), Math.round(box), { input: logo, left: W - box - margin, top: margin });
    else if (d.name) {
      // No logo to show: the name in a pill, so the post is still the business's.
      const pill = await textBox(d.name, { w: W * 0.5, h: 56 * u, color: palette.text, bold: true, align: "right", maxPx: 40 * u, family: fonts.head });
      const pw = pill.info.width + 40 * u;
      const ph = pill.info.height + 20 * u;
      const r = region(0, Math.ceil(margin + Math.max(ph, 10 * u + pill.info.height)) + 1);
      add(r, Math.round(ph), {
        input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(pw)}" height="${Math.round(ph)}"><rect width="100%" height="100%" rx="${Math.round(ph / 2)}" fill="${palette.band}" fill-opacity="0.9"/></svg>`),
        left: Math.round(W - pw - margin),
        top: margin,
      });
      add(r, pill.info.height, { input: pill.data, left: Math.round(W - margin - 20 * u - pill.info.width), top: Math.round(margin + 10 * u) });
    }
  } else {
    const bh = Math.round(W * (BAND[input.settings.height] ?? BAND["HEIGHT-2"]));
    const pad = Math.round(bh * 0.12);
    const bandTop = H - bh;
    const contactLine = [d.phone && `☎ ${d.phone}`, d.whatsapp && `WhatsApp ${d.whatsapp}`, d.email].filter(Boolean).join("   •   ");
    const addressLine = [d.address, d.website, d.cardLink].filter(Boolean).join("   •   ");
    const lines = [contactLine, addressLine].filter(Boolean);

    if (frame === "frame3") {
      // A name ribbon at the top-left, the contacts in a slim strip at the bottom.
      const ribbonH = Math.round(bh * 0.55);
      const stripH = lines.length ? Math.round(bh * (lines.length > 1 ? 0.5 : 0.32)) : 0;
      const ribbonW = Math.round(W * 0.78);
      const logoBox = d.logo ? ribbonH - pad : 0;
      // The ribbon (and its accent line) and the strip: two slices, each its own SVG.
      const ribbonRows = pad + ribbonH + Math.round(6 * u);
      const top = region(0, ribbonRows);
      add(top, ribbonRows, {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${ribbonRows}">` +
            `<path d="M0 ${pad} H${ribbonW} l${-ribbonH * 0.4} ${ribbonH} H0 Z" fill="${palette.band}" fill-opacity="0.94"/>` +
            `<rect x="0" y="${pad + ribbonH}" width="${ribbonW - ribbonH * 0.4}" height="${Math.round(6 * u)}" fill="${palette.accent}"/>` +
            `</svg>`,
        ),
        left: 0,
        top: 0,
      });
      const strip = stripH ? region(H - stripH, stripH) : -1;
      if (stripH)
        add(strip, stripH, {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${stripH}">` +
              `<rect x="0" y="0" width="${W}" height="${stripH}" fill="${palette.band}" fill-opacity="0.94"/><rect x="0" y="0" width="${W}" height="${Math.round(5 * u)}" fill="${palette.accent}"/>` +
              `</svg>`,
          ),
          left: 0,
          top: H - stripH,
        });
      // Drawn at once (libvips works on other threads), put on in this order.
      const x = pad + (logoBox ? logoBox + pad : 0);
      const box = Math.round(ribbonH);
      const lineH = stripH ? (stripH - pad) / lines.length : 0;
      const [logo, name, qrImage, rendered] = await Promise.all([
        d.logo ? logoLayer(d.logo, logoBox, 6 * u, palette.logoBg) : null,
        d.name ? textBox(d.name, { w: ribbonW - ribbonH * 0.45 - x - pad / 2, h: ribbonH - pad, color: palette.text, bold: true, maxPx: 52 * u, family: fonts.head }) : null,
        d.cardQr && !input.qrDrawnByCaller ? qrLayer(d.cardQr, box) : null,
        Promise.all(lines.map((l) => textBox(l, { w: W - pad * 2, h: lineH, color: palette.text, align: "centre", maxPx: 30 * u, family: fonts.body }))),
      ]);
      if (logo) add(top, Math.round(logoBox), { input: logo, left: pad, top: Math.round(pad + pad / 2) });
      if (name) add(top, name.info.height, { input: name.data, left: x, top: Math.round(pad + (ribbonH - name.info.height) / 2) });
      if (d.cardQr) {
        qr = { left: W - box - pad, top: pad, size: box };
        if (qrImage) add(top, Math.max(32, box), { ...qrImage, left: qr.left, top: qr.top });
      }
      rendered.forEach((r, i) => add(strip, r.info.height, { input: r.data, left: Math.round((W - r.info.width) / 2), top: Math.round(H - stripH + pad / 2 + lineH * i + (lineH - r.info.height) / 2) }));
    } else {
      // frame7: a dark band, logo on the left; frame2: a light band, logo on the right.
      const logoBox = d.logo ? bh - pad * 2 : 0;
      // The card's QR code at the band's other end from the logo (ADR 0068).
      const qrBox = d.cardQr ? bh - pad * 2 : 0;
      const logoLeft = frame === "frame2" ? W - pad - logoBox : pad;
      const qrLeft = frame === "frame2" ? pad : W - pad - qrBox;
      const textLeft = frame === "frame2" ? pad + (qrBox ? qrBox + pad : 0) : pad + (logoBox ? logoBox + pad : 0);
      const textW = W - pad * 2 - (logoBox ? logoBox + pad : 0) - (qrBox ? qrBox + pad : 0);
      const band = region(bandTop, bh);
      add(band, bh, {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${bh}">` +
            `<rect width="${W}" height="${bh}" fill="${palette.band}" fill-opacity="${frame === "frame2" ? 0.96 : 0.94}"/>` +
            `<rect width="${W}" height="${Math.round(8 * u)}" fill="${palette.accent}"/>` +
            `</svg>`,
        ),
        left: 0,
        top: bandTop,
      });
      const inner = bh - pad * 2;
      const nameH = d.name ? (lines.length ? inner * (lines.length > 1 ? 0.46 : 0.58) : inner) : 0;
      const gap = d.name && lines.length ? Math.round(inner * 0.06) : 0;
      const lineH = lines.length ? (inner - nameH - gap) / lines.length : 0;
      // Drawn at once (libvips works on other threads), put on in this order.
      const [logo, qrImage, [name, ...rest]] = await Promise.all([
        d.logo ? logoLayer(d.logo, logoBox, 6 * u, palette.logoBg) : null,
        d.cardQr && !input.qrDrawnByCaller ? qrLayer(d.cardQr, qrBox) : null,
        Promise.all([
          d.name ? textBox(d.name, { w: textW, h: nameH, color: palette.text, bold: true, maxPx: 50 * u, family: fonts.head }) : null,
          ...lines.map((l) => textBox(l, { w: textW, h: lineH, color: palette.text, maxPx: 28 * u, family: fonts.body })),
        ]),
      ]);
      if (logo) add(band, Math.round(logoBox), { input: logo, left: logoLeft, top: bandTop + pad });
      if (d.cardQr) {
        qr = { left: qrLeft, top: bandTop + pad, size: qrBox };
        if (qrImage) add(band, Math.max(32, Math.round(qrBox)), { ...qrImage, left: qr.left, top: qr.top });
      }
      let y = bandTop + pad;
      if (name) {
        add(band, name.info.height, { input: name.data, left: textLeft, top: Math.round(y + (nameH - name.info.height) / 2) });
        y += nameH + gap;
      }
      rest.forEach((r, i) => r && add(band, r.info.height, { input: r.data, left: textLeft, top: Math.round(y + lineH * i + (lineH - r.info.height) / 2) }));
    }
  }

  // Slices that overlap or leave the media (a tiny size) become one full-size slice: the layers
  // then go on in the order they were added, as on one canvas.
  const sorted = [...regions].sort((a, b) => a.top - b.top);
  const inside = (l: (typeof layers)[number]) => {
    const r = regions[l.region];
    const top = l.layer.top ?? 0;
    return !!r && top >= r.top && top + l.rows <= r.top + r.height;
  };
  const apart =
    sorted.every((r, i) => r.height > 0 && r.top + r.height <= H && (i === 0 || sorted[i - 1].top + sorted[i - 1].height <= r.top)) && layers.every(inside);
  const slices = apart ? regions : [{ top: 0, height: H }];
  const parts: FramePart[] = await Promise.all(
    slices.map(async (slice, i) => {
      const mine = layers.filter((l) => !apart || l.region === i).map(({ layer }) => ({ ...layer, top: (layer.top ?? 0) - slice.top }));
      const data = await sharp({ create: { width: W, height: slice.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite(mine)
        .raw()
        .toBuffer();
      return { data, top: slice.top, height: slice.height };
    }),
  );
  return { parts, width: W, height: H, qr };
}

/** A transparent PNG of the business's frame for media of width×height (images and videos alike). */
export async function renderFrameOverlay(input: { details: BrandDetails; settings: FrameSettings; width: number; height: number }): Promise<Buffer> {
  const frame = await renderFrameOverlayRaw(input);
  // The slices' bytes copied into one transparent canvas (a copy, not a blend: the same pixels).
  const full = Buffer.alloc(frame.width * frame.height * 4);
  for (const part of frame.parts) part.data.copy(full, part.top * frame.width * 4);
  return sharp(full, { raw: { width: frame.width, height: frame.height, channels: 4 } }).png().toBuffer();
}
