import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
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
