import { data } from "react-router";
import type { z } from "zod";
import type { ApiRoutes } from "#server/api/routes.ts";
import { inProcessApiDirect, inProcessApiFetch } from "#server/api-bridge.ts";

/**
 * The panel's one API client. It speaks to the Hono app in-process (no socket) or, when
 * API_URL is set, over the network; it forwards the browser's cookies and host, keeps the
 * cookies the API sets during this request (so a sign-in followed by another call works),
 * and remembers them for the root middleware to relay to the browser.
 */
type Route = ApiRoutes[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${Uppercase<M>} ${P}` : never;
type ByKey = { [R in Route as KeyOf<R>]: R };
export type ApiKey = keyof ByKey;

// Plain indexed access rather than `infer` against RouteDef's six parameters: with hundreds of
// call sites, matching each route's zod types structurally was most of the typecheck's time.
type Schema<K extends ApiKey, F extends "body" | "query" | "params"> = Exclude<ByKey[K][F], undefined>;
type Part<S, Name extends string> = [S] extends [never]
  ? { [N in Name]?: undefined }
  : [S] extends [z.ZodType]
    ? { [N in Name]: z.input<S> }
    : { [N in Name]?: undefined };
export type ApiInput<K extends ApiKey> = Part<Schema<K, "body">, "body"> & Part<Schema<K, "query">, "query"> & Part<Schema<K, "params">, "params">;
export type ApiOutput<K extends ApiKey> = z.output<ByKey[K]["response"]>;

export type ApiFailure = {
  ok: false;
  status: number;
  message: string;
  fieldErrors?: Record<string, string[]>;
  data: Record<string, unknown>;
};
/** `{ upgrade: true }` when the API refused because of the plan's limits (403, ADR 0015). */
export const upgradeFlag = (failure: ApiFailure) => (failure.status === 403 && failure.data.upgrade === true ? { upgrade: true as const } : {});

export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

/**
 * SPEC §8: a 401/403 from any call signs the user out (the root boundary shows that dialog),
 * except a plan limit's 403 `{ upgrade: true }` (ADR 0015), which the boundary turns into #upgrade.
 * `call` does this itself; a caller that opted out (`authErrors: "return"`) uses it after its own checks.
 */
export function throwIfAuthError(failure: ApiFailure) {
  if (failure.status === 401 || failure.status === 403) {
    throw data({ message: failure.message, ...upgradeFlag(failure) }, { status: failure.status });
  }
}

/**
 * `authErrors: "return"` hands a 401/403 back instead of throwing: only for callers that expect
 * one (the sign-in steps, sign-out, optional reads, a 403 answered with its own page or toast).
 */
export type CallOptions = { authErrors?: "throw" | "return" };

const FORWARDED = ["user-agent", "accept-language", "x-request-id"];

/** A body with a file in it, as multipart form data; null for any other body (it goes as JSON). */
function toFormData(body: unknown) {
  if (!body || typeof body !== "object" || !Object.values(body).some((v) => v instanceof Blob)) return null;
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, value instanceof Blob ? value : String(value));
  return form;
}

export function createApiClient(request: Request) {
  // Only the origin and host are used: the same for a page and its `.data` request.
  const incoming = new URL(request.url);
  const base = (process.env.API_URL ?? incoming.origin).replace(/\/$/, "") + "/api/v1";
  const jar = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) jar.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  const setCookies: string[] = [];

  async function send<K extends ApiKey>(key: K, input: ApiInput<K> = {} as ApiInput<K>): Promise<ApiResult<ApiOutput<K>>> {
    const space = (key as string).indexOf(" ");
    const method = (key as string).slice(0, space);
    let path = (key as string).slice(space + 1);
    const { body, query, params } = input as { body?: unknown; query?: Record<string, unknown>; params?: Record<string, unknown> };
    for (const [name, value] of Object.entries(params ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(name, String(value));
    const url = `${base}${path}${search.size ? `?${search}` : ""}`;

    // What the API needs to know about the browser (server/api/lib/request-meta.ts): its agency
    // host, its address (server/main.ts put it on the request) and whether it is on https.
    const headers = new Headers({
      accept: "application/json",
      "x-panel-host": incoming.host,
      "x-panel-secure": incoming.protocol === "https:" ? "1" : "0",
    });
    for (const h of FORWARDED) {
      const v = request.headers.get(h);
      if (v) headers.set(h, v);
    }
    const ip = request.headers.get("x-panel-client-ip");
    if (ip) headers.set("x-panel-client-ip", ip);
    if (process.env.API_URL && process.env.PANEL_API_SECRET) headers.set("x-panel-secret", process.env.PANEL_API_SECRET);
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    // A body holding a file goes as multipart/form-data (routes with bodyType "multipart"; fetch sets the boundary).
    const form = toFormData(body);
    if (body !== undefined && !form) headers.set("content-type", "application/json");

    // In-process reads run the route as a function: no Request, Hono or JSON, real Dates.
    const direct = method === "GET" && !process.env.API_URL ? inProcessApiDirect() : undefined;
    const answer = direct ? await direct({ key, query, params, headers }) : undefined;
    let res: { ok: boolean; status: number; cookies: string[]; data: Record<string, unknown> };
    if (answer) {
      res = { ok: answer.ok, status: answer.status, cookies: answer.setCookies, data: answer.data as Record<string, unknown> };
    } else {
      const req = new Request(url, { method, headers, body: body === undefined ? undefined : (form ?? JSON.stringify(body)) });
      const fetcher = process.env.API_URL ? fetch : inProcessApiFetch();
      if (!fetcher) throw new Error("The API is not available in this process (set API_URL).");
      const r = await fetcher(req);
      res = { ok: r.ok, status: r.status, cookies: r.headers.getSetCookie(), data: (await r.json().catch(() => ({}))) as Record<string, unknown> };
    }

    for (const cookie of res.cookies) {
      setCookies.push(cookie);
      const [pair] = cookie.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || /max-age=0/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const data = res.data;
    if (res.ok) return { ok: true, status: res.status, data: data as ApiOutput<K> };
    return {
      ok: false,
      status: res.status,
      message: typeof data.message === "string" ? data.message : `Request failed (${res.status}).`,
      fieldErrors: data.fieldErrors as Record<string, string[]> | undefined,
      data,
    };
  }

  /**
   * For actions and loaders that handle failures: the result, a failure the caller expects (a 4xx
   * with field errors, a 404, a 409…) included. A 401/403 is thrown for the root boundary (SPEC §8)
   * unless the caller opted out, so no route repeats that rule.
   */
  async function call<K extends ApiKey>(key: K, input?: ApiInput<K>, options: CallOptions = {}): Promise<ApiResult<ApiOutput<K>>> {
    const result = await send(key, input);
    if (!result.ok && options.authErrors !== "return") throwIfAuthError(result);
    return result;
  }

  /** For loaders: the data, or throw so the ErrorBoundary shows the error (401/403 → sign out dialog). */
  async function get<K extends ApiKey>(key: K, input?: ApiInput<K>): Promise<ApiOutput<K>> {
    const result = await send(key, input);
    // A plan limit's 403 keeps its `upgrade: true` (ADR 0015): the boundary offers the plans, not sign-out.
    if (!result.ok) throw data({ message: result.message, status: result.status, ...upgradeFlag(result) }, { status: result.status });
    return result.data;
  }

  return { call, get, setCookies };
}

export type ApiClient = ReturnType<typeof createApiClient>;
