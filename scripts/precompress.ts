import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|map|xml|webmanifest)$/;

/**
 * Vite plugin: after the client build, a .br and a .gz beside every text file, at the highest
 * levels (once, at build time), so the server sends files without compressing them per request.
 */
export function precompress(): Plugin {
  return {
    name: "card-panel-precompress",
    apply: "build",
    closeBundle() {
      // React Router builds the client and the server environment: only the client's files are served.
      if (this.environment.name !== "client") return;
      const { config } = this.environment;
      const outDir = path.resolve(config.root, config.build.outDir);
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = fs.readFileSync(file);
        if (raw.byteLength < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.isFile()) yield p;
  }
}
