// The part of qrcode's own PNG renderer (lib/renderer/png.js) that fills the pixels: qrLayer
// takes them raw, without the PNG encode and decode in between (same pixels, ADR 0078).
declare module "qrcode/lib/renderer/utils.js" {
  import type { QRCode, QRCodeRenderersOptions } from "qrcode";
  type Options = { margin: number; scale: number; width?: number; color: { dark: { rgba: number[] }; light: { rgba: number[] } } };
  const utils: {
    getOptions(options: QRCodeRenderersOptions): Options;
    getImageWidth(qrSize: number, opts: Options): number;
    qrToImageData(imgData: Uint8Array, qr: QRCode, opts: Options): void;
  };
  export default utils;
}
