/** Helpers that walk the route registry (server/api/routes.ts) for generated tests. */
import { apiRoutes } from "#server/api/routes.ts";
import type { AnyRoute } from "#server/api/lib/define-route.ts";

export const allRoutes = apiRoutes as unknown as readonly AnyRoute[];

export const routeLabel = (r: Pick<AnyRoute, "method" | "path">) => `${r.method.toUpperCase()} ${r.path}`;

/** `/business/{id}` → `/business/1` (or any value per param). */
export const fillPath = (path: string, value: string | ((name: string) => string) = "1") =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(typeof value === "function" ? value(name) : value));

export const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

export const isUnsafe = (r: AnyRoute) => r.method !== "get";

/** Routes that end the caller's session or account: callers need a throwaway sign-in. */
export const SESSION_ENDING = new Set(["POST /logout", "POST /franchisee/logout", "DELETE /user"]);
