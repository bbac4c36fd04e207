import { href, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { createApiClient } from "./api.server.ts";
import { apiContext, customerContext, sessionContext, staffContext } from "./context.ts";

type Context = Readonly<RouterContextProvider>;

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

export const getApi = (context: Context) => context.get(apiContext);
export const getSession = (context: Context) => context.get(sessionContext);

/**
 * Guards for the panel subtrees (SPEC §2 Routes); someone signed in elsewhere goes to their own
 * panel. A guard that lets the request through stores the narrowed actor for the subtree's
 * loaders and actions: read it with getCustomer / getStaff.
 */
export const requireCustomer: MiddlewareFunction<Response> = async ({ context }) => {
  const { actor } = getSession(context);
  if (actor.kind === "staff") throw redirect(href("/panel/admin"));
  if (actor.kind !== "customer") throw redirect(href("/panel/login"));
  context.set(customerContext, actor);
};
export const requireStaff: MiddlewareFunction<Response> = async ({ context }) => {
  const { actor } = getSession(context);
  if (actor.kind === "customer") throw redirect(href("/panel/customer"));
  if (actor.kind !== "staff") throw redirect(href("/panel/franchisee-login"));
  context.set(staffContext, actor);
};

/** The signed-in customer; only under a route guarded by requireCustomer (throws elsewhere). */
export const getCustomer = (context: Context) => context.get(customerContext);
/** The signed-in staff member; only under a route guarded by requireStaff (throws elsewhere). */
export const getStaff = (context: Context) => context.get(staffContext);
