import type { ApiContext } from "./env.ts";
import { ApiError } from "./errors.ts";
import type { AnyRoute } from "./define-route.ts";
import { runRoute } from "./register.ts";
import { asForeground } from "#server/services/foreground.ts";

/** What a direct call answers: the route's output as the handler made it (real Dates), or the API's error. */
export type DirectResult =
  | { ok: true; status: 200; data: unknown; setCookies: string[] }
  | { ok: false; status: number; data: Record<string, unknown>; setCookies: string[] };

export type DirectCall = {
  key: string;
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  /** The same facts the panel sends over HTTP: cookie, x-panel-host/-secure/-client-ip, user-agent. */
  headers: Headers;
};

/** Read routes a direct call may run: GET, answering JSON (files and CSV stay on HTTP). */
export const isDirect = (route: AnyRoute) => route.method === "get" && !route.raw;

const strings = (o: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])));

/**
 * The few parts of a Hono context that the API's middleware and read handlers use (variables,
 * request headers and cookies, response headers), over plain values: no Request, no Response,
 * no JSON. Set-Cookie headers written by a handler are collected for the panel to relay.
 */
function contextFor(call: DirectCall, path: string, params: Record<string, string>) {
  const vars = new Map<string, unknown>();
  const setCookies: string[] = [];
  const url = `http://api.internal${path}`;
  const raw = { method: "GET", url, headers: call.headers };
  const c = {
    env: undefined,
    get: (key: string) => vars.get(key),
    set: (key: string, value: unknown) => void vars.set(key, value),
    req: {
      raw,
      url,
      method: "GET",
      path,
      header: (name: string) => call.headers.get(name) ?? undefined,
      param: () => params,
    },
    header: (name: string, value: string | undefined) => {
      if (name.toLowerCase() === "set-cookie" && value) setCookies.push(value);
    },
  };
  return { c: c as unknown as ApiContext, setCookies };
}

/**
 * Loaders' read calls as functions (ADR 0014): the route's own declaration run by `runRoute`
 * (same access checks, schemas and response filter as over HTTP), after the same request
 * identification (`identify`: agency, session, account) as the Hono middleware.
 */
export function createDirectCaller(
  routes: readonly AnyRoute[],
  identify: (c: ApiContext) => Promise<void>,
  onServerError: (err: unknown, c: ApiContext, route: string) => string | undefined,
) {
  const byKey = new Map(routes.filter(isDirect).map((r) => [`GET ${r.path}`, r]));
  return async (call: DirectCall): Promise<DirectResult | undefined> => {
    const route = byKey.get(call.key);
    if (!route) return undefined;
    const params = strings(call.params);
    let path = route.path;
    for (const [name, value] of Object.entries(params)) path = path.replace(`{${name}}`, encodeURIComponent(value));
    const { c, setCookies } = contextFor(call, path, params);
    try {
      const data = await asForeground(async () => {
        await identify(c);
        return runRoute(route, c, { query: strings(call.query), params });
      });
      return { ok: true, status: 200, data, setCookies };
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, status: err.status, data: err.toJSON() as Record<string, unknown>, setCookies };
      const requestId = onServerError(err, c, `GET ${route.path}`);
      return { ok: false, status: 500, data: { message: "Something went wrong on our side. Please try again.", requestId }, setCookies };
    }
  };
}
export type DirectCaller = ReturnType<typeof createDirectCaller>;
