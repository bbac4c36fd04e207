import sharp from "sharp";
import { BLEED, type ImageKey, type Op } from "./draw.ts";
import { face } from "./fonts.ts";
import type { Images } from "./render-pdf.ts";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** Text as the fonts' own glyph outlines, placed as HarfBuzz shaped them (fonts.ts, the same as the PDF): no system fonts involved. */
function glyphs(op: Extract<Op, { k: "text" }>): string {
  let x = op.x;
  const paths: string[] = [];
  for (const run of op.runs) {
    const f = face(run.font);
    const scale = op.size / f.unitsPerEm;
    const { glyphs: gs, positions } = f.layout(run.text);
    let pen = 0;
    gs.forEach((g, i) => {
      const p = positions[i];
      const d = g.path.toSVG();
      if (d) paths.push(`<path transform="translate(${x + (pen + p.xOffset) * scale} ${op.y - p.yOffset * scale}) scale(${scale} ${-scale})" d="${d}"/>`);
      pen += p.xAdvance;
    });
    x += run.width;
  }
  const rotate = op.rotate ? ` transform="rotate(${op.rotate.angle} ${op.rotate.cx} ${op.rotate.cy})"` : "";
  return `<g fill="${op.color}" fill-opacity="${op.opacity ?? 1}"${rotate}>${paths.join("")}</g>`;
}

function svgOf(ops: Op[], images: Partial<Record<ImageKey, string>>): string {
  let clip = 0;
  return ops
    .map((op) => {
      switch (op.k) {
        case "rect":
          return `<rect x="${op.x}" y="${op.y}" width="${op.w}" height="${op.h}" rx="${op.r ?? 0}" fill="${op.fill}" fill-opacity="${op.opacity ?? 1}"/>`;
        case "circle":
          return `<circle cx="${op.cx}" cy="${op.cy}" r="${op.r}" fill="${op.fill}"/>`;
        case "path":
          return `<path d="${op.d}" fill="${op.fill}" fill-opacity="${op.opacity ?? 1}"/>`;
        case "text":
          return glyphs(op);
        case "image": {
          const href = images[op.key];
          if (!href) return "";
          const id = `c${clip++}`;
          const shape = op.shape === "circle" ? `<circle cx="${op.x + op.w / 2}" cy="${op.y + op.h / 2}" r="${op.w / 2}"/>` : `<rect x="${op.x}" y="${op.y}" width="${op.w}" height="${op.h}" rx="${op.r ?? 0}"/>`;
          return `<clipPath id="${id}">${shape}</clipPath><image clip-path="url(#${id})" x="${op.x}" y="${op.y}" width="${op.w}" height="${op.h}" preserveAspectRatio="xMidYMid slice" href="${esc(href)}"/>`;
        }
        case "qr": {
          const m = op.size / (op.count + 2);
          let d = "";
          for (let r = 0; r < op.count; r++)
            for (let c = 0; c < op.count; c++) if (op.modules[r * op.count + c]) d += `M${op.x + (c + 1) * m} ${op.y + (r + 1) * m}h${m}v${m}h${-m}z`;
          return `<rect x="${op.x}" y="${op.y}" width="${op.size}" height="${op.size}" fill="${op.light}"/><path d="${d}" fill="${op.dark}"/>`;
        }
      }
    })
    .join("");
}

/**
 * The preview: the first card page's drawing (the same operations render-pdf.ts paints), as a
 * PNG of the trimmed card at `scale` px per point.
 */
export async function renderPng(ops: Op[], size: { w: number; h: number }, images: Images, scale = 3): Promise<Buffer> {
  const hrefs: Partial<Record<ImageKey, string>> = {};
  for (const [key, bytes] of Object.entries(images)) if (bytes) hrefs[key as ImageKey] = `data:image/png;base64,${bytes.toString("base64")}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.w * scale}" height="${size.h * scale}" viewBox="0 0 ${size.w} ${size.h}">${svgOf(ops, hrefs)}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

export { BLEED };
