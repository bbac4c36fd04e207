import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkGroups } from "./scripts/chunk-groups.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The aliases live in tsconfig.json `paths` only (tsx, TypeScript and Playwright read them too).
  resolve: { tsconfigPaths: true },
  // PGlite writes into data/: watching it would reload CSS on every query.
  server: { watch: { ignored: ["**/data/**", "**/.tmp/**", "**/test-results/**"] } },
  build: {
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
  },
});
