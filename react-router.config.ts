import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressDirectory } from "./scripts/precompress.ts";

export default {
  ssr: true,
  // Every file the browser fetches, the route manifest included, compressed once here.
  buildEnd: ({ reactRouterConfig }) => precompressDirectory(path.join(reactRouterConfig.buildDirectory, "client")),
  // Every route's manifest up front, as one cached file, instead of a partial manifest computed
  // (matching every route against each parent path) and inlined in every page, and /__manifest
  // fetches before a first visit to a route: fewer round trips on slow networks (ADR 0026).
  routeDiscovery: { mode: "initial" },
  // v8 behaviour now, so the upgrade to React Router 8 (Node ≥ 22) changes nothing here.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Loaders, actions and middleware get the raw request (a client navigation's is the `.data`
    // URL with `_routes`): read the page's URL from their `url` argument, never request.url.
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
