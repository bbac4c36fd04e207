/**
 * First-load JavaScript of a page, as the browser fetches it: every <script src>, modulepreload
 * and module the inline boot script imports, gzipped one file at a time; and `served`, the bytes
 * the server actually sends for them (its precompressed files: a file sent raw shows here).
 */
import http from "node:http";
import zlib from "node:zlib";

/** Bytes a file takes on the wire as a browser asks for it (brotli or gzip), as the server sends it. */
function servedBytes(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
        let n = 0;
        res.on("data", (chunk: Buffer) => (n += chunk.byteLength));
        res.on("end", () => resolve(n));
      })
      .on("error", reject);
  });
}

export async function javascriptOf(url: string, headers?: Record<string, string>) {
  const html = await (await fetch(url, { headers })).text();
  const files = new Set([...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]));
  // Modules the inline boot script imports without a preload (the route manifest) count too.
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) files.add(m[1]);
  // Inline scripts (a page's few hundred bytes of its own) count as they are.
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  let raw = Buffer.byteLength(inline);
  let gzipped = inline ? zlib.gzipSync(inline).byteLength : 0;
  let served = Buffer.byteLength(inline);
  const sizes: { file: string; gzipped: number }[] = [];
  for (const f of files) {
    const bytes = Buffer.from(await (await fetch(new URL(f, url))).arrayBuffer());
    served += await servedBytes(new URL(f, url));
    raw += bytes.byteLength;
    const gz = zlib.gzipSync(bytes).byteLength;
    gzipped += gz;
    sizes.push({ file: f, gzipped: gz });
  }
  return { files: files.size, raw, gzipped, served, sizes: sizes.sort((a, b) => b.gzipped - a.gzipped) };
}
