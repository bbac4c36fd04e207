import sharp from "sharp";

/** What the first bytes say a file is; the client's Content-Type and file name are not trusted. */
export type SniffedType = "jpeg" | "png" | "webp" | "pdf";

export function sniffType(head: Uint8Array): SniffedType | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = (at: number, s: string) => [...s].every((ch, i) => head[at + i] === ch.charCodeAt(0));
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp";
  if (ascii(0, "%PDF-")) return "pdf";
  return null;
}

export type ImageOutput = "jpeg" | "webp" | "webp-lossless";

export type ProcessedImage = {
  bytes: Uint8Array;
  width: number;
  height: number;
  contentType: "image/jpeg" | "image/webp";
  ext: "jpg" | "webp";
};

export class InvalidImageError extends Error {}

/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Re-encodes an uploaded image: turned upright by its EXIF orientation, shrunk to fit
 * `maxSide` (never enlarged), every metadata block dropped (EXIF GPS, camera serials), written
 * as JPEG (photos: opens everywhere, incl. vCard photos and link previews) or WebP when it has
 * transparency (logos). Anything sharp cannot decode throws InvalidImageError.
 */
export async function reencodeImage(input: Uint8Array, o: { maxSide: number; output?: ImageOutput }): Promise<ProcessedImage> {
  try {
    const image = sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await image.metadata();
    const output: ImageOutput = o.output ?? (meta.hasAlpha ? "webp" : "jpeg");
    const pipeline = image
      .autoOrient()
      .resize({ width: o.maxSide, height: o.maxSide, fit: "inside", withoutEnlargement: true });
    const encoded =
      output === "jpeg"
        ? pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true })
        : pipeline.webp(output === "webp-lossless" ? { lossless: true } : { quality: 80 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      contentType: output === "jpeg" ? "image/jpeg" : "image/webp",
      ext: output === "jpeg" ? "jpg" : "webp",
    };
  } catch (err) {
    throw new InvalidImageError((err as Error).message);
  }
}
