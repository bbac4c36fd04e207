import fs from "node:fs";
import path from "node:path";

/** URL paths (`/assets/x.js`) of the files under `root`, read once at start; precompressed copies left out. */
export function listFiles(root: string): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && !/\.(br|gz)$/.test(e.name)) out.add("/" + path.relative(root, p).split(path.sep).join("/"));
    }
  };
  if (fs.existsSync(root)) walk(root);
  return out;
}
