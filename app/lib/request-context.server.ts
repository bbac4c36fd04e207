import { data, href, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { createApiClient } from "./api.server.ts";
import { redirectToQuery } from "./redirect-to.ts";
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
export const requireCustomer: MiddlewareFunction<Response> = async ({ request, url, context }) => {
  const { actor } = getSession(context);
  if (actor.kind === "staff") throw redirect(href("/panel/admin"));
  if (actor.kind !== "customer") signedOut(request, url, href("/panel/login"));
  context.set(customerContext, actor);
};
export const requireStaff: MiddlewareFunction<Response> = async ({ request, url, context }) => {
  const { actor } = getSession(context);
  if (actor.kind === "customer") throw redirect(href("/panel/customer"));
  if (actor.kind !== "staff") signedOut(request, url, href("/panel/franchisee-login"));
  context.set(staffContext, actor);
};

/**
 * Nobody signed in (never, or the session ended). Opening a page goes to sign-in and back here
 * afterwards; submitting a form gets SPEC §8's 'Failed to authenticate user' dialog (a 401 the
 * root boundary renders), which leads to sign-in and back (ADR 0012).
 */
function signedOut(request: Request, url: URL, loginPath: string): never {
  if (request.method === "GET" || request.method === "HEAD") throw redirect(loginPath + redirectToQuery(`${url.pathname}${url.search}`));
  throw data({ message: SESSION_ENDED }, { status: 401 });
}

export const SESSION_ENDED = "Your session has ended. Please sign in again.";

/** The signed-in customer; only under a route guarded by requireCustomer (throws elsewhere). */
export const getCustomer = (context: Context) => context.get(customerContext);
/** The signed-in staff member; only under a route guarded by requireStaff (throws elsewhere). */
export const getStaff = (context: Context) => context.get(staffContext);
