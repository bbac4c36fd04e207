/**
 * Boundaries between the layers (ADR 0011, DESIGN.md "Shape"), checked in `npm test` (the
 * "boundaries" phase) and by `npm run check:boundaries`. Type-only imports are seen too
 * (tsPreCompilationDeps), so a rule holds for types as well as values unless it says otherwise.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      // The panel reaches the API through its one client; everything else it shares with the
      // server comes from contracts/. The client's transport is the exception below.
      name: "app-imports-no-server-values",
      comment: "app/ may not import server/ code. Only app/lib/api.server.ts reaches server/api-bridge.ts (the in-process fetch, a global symbol both module graphs share).",
      severity: "error",
      from: { path: "^app/" },
      to: {
        path: "^server/",
        dependencyTypesNot: ["type-only"],
        pathNot: "^server/api-bridge\\.ts$",
      },
    },
    {
      name: "app-server-types-only-in-api-client",
      comment: "The API client alone types itself from the route declarations (server/api/routes.ts, define-route.ts); other panel modules take API types from it (ApiOutput<…>).",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/lib/api\\.server\\.ts$" },
      to: { path: "^server/", dependencyTypes: ["type-only"] },
    },
    {
      name: "api-client-types-only-from-route-declarations",
      comment: "…and only from the route declarations: no other server module leaks into the panel's types.",
      severity: "error",
      from: { path: "^app/lib/api\\.server\\.ts$" },
      to: {
        path: "^server/",
        dependencyTypes: ["type-only"],
        pathNot: ["^server/api/routes\\.ts$", "^server/api/lib/define-route\\.ts$"],
      },
    },
    {
      name: "api-domains-import-only-public-surfaces",
      comment:
        "An API domain (server/api/<domain>/) reaches another domain only through its public surface: service.ts (functions) and dto.ts (response shapes). Everything else in a folder is that domain's internals; routes.ts is read only by server/api/routes.ts. server/api/lib is shared by all (ADR 0030).",
      severity: "error",
      from: { path: "^server/api/([^/]+)/" },
      to: {
        path: "^server/api/[^/]+/",
        pathNot: ["^server/api/$1/", "^server/api/lib/", "^server/api/[^/]+/(service|dto)\\.ts$"],
      },
    },
    {
      name: "services-import-no-api",
      comment: "Services (storage, images, vCards, og:image…) sit below the API: the API calls them, never the reverse.",
      severity: "error",
      from: { path: "^server/services/" },
      to: { path: "^server/api/" },
    },
    {
      name: "auth-imports-no-api",
      comment: "server/auth (sessions, roles, tenancy, passwords) sits below the API: the API's middleware and handlers call it, never the reverse.",
      severity: "error",
      from: { path: "^server/auth/" },
      to: { path: "^server/api/" },
    },
    {
      name: "db-imports-nothing-above",
      comment:
        "server/db (schema, client, migrations, lock) is the bottom of the server: it imports no api, services, auth or web. The start-up and seeding entry points that live beside it (seed.ts, seed-cli.ts, first-start.ts, migrate-cli.ts) compose those layers and are exempt.",
      severity: "error",
      from: { path: "^server/db/", pathNot: "^server/db/(seed|seed-cli|first-start|migrate-cli)\\.ts$" },
      to: { path: "^server/(api|services|auth|web)/" },
    },
    {
      name: "db-imports-no-api",
      comment:
        "Nothing under server/db reaches up into server/api, the start-up and seeding entry points included: they may compose services and auth, never an API domain (ADR 0030).",
      severity: "error",
      from: { path: "^server/db/" },
      to: { path: "^server/api/" },
    },
    {
      name: "contracts-import-only-zod-and-phones",
      comment: "contracts/ is what the browser and the server share: it imports only itself, zod and libphonenumber-js (tests aside).",
      severity: "error",
      from: { path: "^contracts/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: ["^contracts/", "^node_modules/(zod|libphonenumber-js)/"] },
    },
    {
      name: "no-cycles",
      comment:
        "No import cycles, except the documented one among the Drizzle schema files (server/db/schema: tables reference each other's keys inside lazy callbacks; shared.ts holds what loads eagerly).",
      severity: "error",
      from: { pathNot: "^server/db/schema/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^node_modules", "^build/", "^\\.react-router/", "^\\.tmp/", "^data/", "^test-results/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
