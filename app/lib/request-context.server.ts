import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createApiClient } from "./api.server.ts";
import { apiContext, sessionContext } from "./context.ts";

/**
 * Root middleware: one API client and one session load per request, and the API's
 * Set-Cookie headers relayed to the browser on the way out.
 */
export const requestContextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const api = createApiClient(request);
  context.set(apiContext, api);
  context.set(sessionContext, await api.get("GET /session"));
  const response = await next();
  for (const cookie of api.setCookies) response.headers.append("set-cookie", cookie);
  return response;
};

export const getApi = (context: Readonly<RouterContextProvider>) => context.get(apiContext);
export const getSession = (context: Readonly<RouterContextProvider>) => context.get(sessionContext);

/** Guards for the panel subtrees (SPEC §2 Routes); someone signed in elsewhere goes to their own panel. */
export const requireCustomer: MiddlewareFunction<Response> = async ({ context }) => {
  const kind = getSession(context).actor.kind;
  if (kind === "staff") throw redirect("/panel/admin");
  if (kind !== "customer") throw redirect("/panel/login");
};
export const requireStaff: MiddlewareFunction<Response> = async ({ context }) => {
  const kind = getSession(context).actor.kind;
  if (kind === "customer") throw redirect("/panel/customer");
  if (kind !== "staff") throw redirect("/panel/franchisee-login");
};
