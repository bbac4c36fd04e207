import { authRoutes } from "./auth/routes.ts";
import { franchiseeAuthRoutes } from "./franchisee/routes.ts";
import { sessionRoutes } from "./session/routes.ts";
import { logRoutes } from "./logs/routes.ts";
import { businessRoutes } from "./business/routes.ts";

/** Every API route, in one list: the app, the OpenAPI document, the client types and the tests read it. */
export const apiRoutes = [
  ...sessionRoutes,
  ...authRoutes,
  ...franchiseeAuthRoutes,
  ...businessRoutes,
  ...logRoutes,
] as const;

export type ApiRoutes = typeof apiRoutes;
