import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";

/** Reads a QR code in an image the way a phone's scanner would (jsQR, a real decoder): its text, or null. */
export async function decodeQr(image: Buffer, region?: { left: number; top: number; width: number; height: number }) {
  let pipeline = sharp(image).flatten({ background: "#ffffff" });
  if (region) pipeline = pipeline.extract(region);
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return found ? { text: new TextDecoder().decode(Uint8Array.from(found.binaryData)), version: found.version } : null;
}

/** A PDF page rasterised by poppler (pdftoppm) at `dpi`, as a PNG: what a printer would put on paper. */
export function pdfPagePng(pdf: Buffer, page = 1, dpi = 150) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qr-pdf-"));
  try {
    const file = path.join(dir, "in.pdf");
    fs.writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-f", String(page), "-l", String(page), "-r", String(dpi), "-png", "-singlefile", file, path.join(dir, "out")]);
    return fs.readFileSync(path.join(dir, "out.png"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
