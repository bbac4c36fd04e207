import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { precompress } from "./scripts/precompress.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  // PGlite writes into data/: watching it would reload CSS on every query.
  server: { watch: { ignored: ["**/data/**", "**/.tmp/**", "**/test-results/**"] } },
  build: { sourcemap: false },
});
