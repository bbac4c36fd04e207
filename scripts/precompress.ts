import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|map|xml|webmanifest)$/;

/**
 * A .br and a .gz beside every text file of the client build, at the highest levels (once, at
 * build time), so the server sends files without compressing them per request. Run from
 * react-router.config.ts's buildEnd: React Router writes the route manifest
 * (assets/manifest-*.js, 90 KB) after the client build has closed, so a Vite plugin's
 * closeBundle missed it and every first visit downloaded it uncompressed.
 */
export function precompressDirectory(dir: string) {
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = fs.readFileSync(file);
    if (raw.byteLength < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
  }
}

function* walk(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.isFile()) yield p;
  }
}
