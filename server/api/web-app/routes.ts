import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { webAppManifest } from "./service.ts";

const tag = "Web app";

export const getWebAppManifest = defineRoute({
  method: "get",
  path: "/web-app/manifest.webmanifest",
  tag,
  summary: "The installable panel's web app manifest in the agency's name and colour (ADR 0063).",
  access: access.public,
  response: z.unknown(),
  raw: true,
  async handler({ c, deps, agency }) {
    const manifest = await webAppManifest(deps.db, agency);
    return c.body(JSON.stringify(manifest), 200, { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "public, max-age=3600" });
  },
});

export const webAppRoutes = [getWebAppManifest] as const;
