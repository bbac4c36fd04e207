/**
 * A tiny client for the Hono app, in process (no sockets): what a browser or the panel would send.
 */
import type { z } from "zod";
import { API_BASE } from "#server/api/app.ts";
import type { ApiRoutes } from "#server/api/routes.ts";

/**
 * Paths and bodies typed by the route declarations (server/api/routes.ts), like the panel's
 * client: `request("POST", "/business", { body })` must name a declared route of that method
 * (`/business/{id}` accepts `/business/12`, with or without a query string) and send that
 * route's body. Tests that probe what is not declared (unknown paths, bodies that must fail
 * validation) say so with `requestUnchecked`.
 */
type Route = ApiRoutes[number];
export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
type Filled<P extends string> = P extends `${infer A}{${string}}${infer B}` ? `${A}${string}${Filled<B>}` : P;
type RoutesOf<M extends ApiMethod> = Extract<Route, { method: Lowercase<M> }>;
type PathPatterns<M extends ApiMethod> = RoutesOf<M> extends infer R ? (R extends { path: infer P extends string } ? Filled<P> : never) : never;
export type ApiPath<M extends ApiMethod> = PathPatterns<M> | `${PathPatterns<M>}?${string}`;
type Matching<M extends ApiMethod, P extends string> = RoutesOf<M> extends infer R
  ? R extends { path: infer T extends string }
    ? P extends Filled<T> | `${Filled<T>}?${string}`
      ? R
      : never
    : never
  : never;
/** The body the route(s) at this path declare (any JSON when they declare none, e.g. multipart). */
export type ApiBody<M extends ApiMethod, P extends string> =
  Matching<M, P> extends { body?: infer B } ? (B extends z.ZodType ? z.input<B> : unknown) : unknown;

type Fetchable = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

export type RequestOptions<Body = unknown> = {
  /** JSON-encoded as the request body. */
  body?: Body;
  /** Sent as is (invalid JSON, FormData, huge strings). Wins over `body`. */
  rawBody?: BodyInit;
  query?: Record<string, string | number | boolean | undefined>;
  /** A Cookie header value, e.g. `cp_session=…`. */
  cookie?: string;
  /** Request URL host: picks the agency. Default `localhost` (the platform agency). */
  host?: string;
  headers?: Record<string, string>;
  /** Client IP the API sees (x-panel-client-ip). Default: a new address per request. */
  ip?: string;
};

export type ApiResponse<T = any> = {
  status: number;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: T;
  text: string;
  headers: Headers;
  /** Set-Cookie of this response, name → value ('' when the cookie is cleared). */
  cookies: Record<string, string>;
};

let ipCounter = 0;
/** A fresh documentation-range address (TEST-NET-2/3), so per-IP limits never leak between tests. */
export const nextIp = () => {
  const n = ipCounter++;
  return `198.${51 + (Math.floor(n / 65536) % 2) * 49}.${Math.floor(n / 256) % 256}.${n % 256}`;
};

export function parseSetCookies(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    let value = decodeURIComponent(pair.slice(eq + 1).trim());
    for (const attr of attrs) {
      const [k, v = ""] = attr.split("=");
      const key = k.trim().toLowerCase();
      if (key === "max-age" && Number(v) <= 0) value = "";
      if (key === "expires" && new Date(v).getTime() <= Date.now()) value = "";
    }
    out[name] = value;
  }
  return out;
}

export const cookieString = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

export function createClient(app: Fetchable) {
  /** Any method and path, any body: for what the route declarations do not allow. */
  async function requestUnchecked<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const host = opts.host ?? "localhost";
    const url = new URL(`http://${host}${path.startsWith("/api/") ? path : API_BASE + path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers = new Headers(opts.headers);
    if (!headers.has("x-panel-client-ip")) headers.set("x-panel-client-ip", opts.ip ?? nextIp());
    if (opts.cookie) headers.set("cookie", opts.cookie);
    let body: BodyInit | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && typeof body === "string" && !headers.has("content-type")) {
      headers.set("content-type", "application/json");
    }
    const res = await app.request(url.toString(), { method: method.toUpperCase(), headers, body });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, headers: res.headers, cookies: parseSetCookies(res.headers) };
  }

  /** A declared route: the path and body are checked against its declaration. */
  const request = <M extends ApiMethod, P extends ApiPath<M>, T = any>(method: M, path: P, opts: RequestOptions<ApiBody<M, P>> = {}) =>
    requestUnchecked<T>(method, path, opts);

  /** A client that keeps its cookies between calls, like one browser (one IP, one host). */
  function browser(opts: { host?: string; ip?: string } = {}) {
    const jar: Record<string, string> = {};
    const ip = opts.ip ?? nextIp();
    const b = {
      ip,
      jar,
      get cookie() {
        return cookieString(jar);
      },
      async requestUnchecked<T = any>(method: string, path: string, o: RequestOptions = {}) {
        const cookie = [cookieString(jar), o.cookie].filter(Boolean).join("; ");
        const res = await requestUnchecked<T>(method, path, { host: opts.host, ip, ...o, cookie: cookie || undefined });
        for (const [k, v] of Object.entries(res.cookies)) {
          if (v === "") delete jar[k];
          else jar[k] = v;
        }
        return res;
      },
      request: <M extends ApiMethod, P extends ApiPath<M>, T = any>(method: M, path: P, o: RequestOptions<ApiBody<M, P>> = {}) =>
        b.requestUnchecked<T>(method, path, o),
      get: <P extends ApiPath<"GET">, T = any>(path: P, o?: RequestOptions) => b.requestUnchecked<T>("GET", path, o),
      post: <P extends ApiPath<"POST">, T = any>(path: P, body?: ApiBody<"POST", P>, o?: RequestOptions) =>
        b.requestUnchecked<T>("POST", path, { ...o, body }),
    };
    return b;
  }

  return { request, requestUnchecked, browser };
}

export type ApiClient = ReturnType<typeof createClient>;
export type Browser = ReturnType<ApiClient["browser"]>;
