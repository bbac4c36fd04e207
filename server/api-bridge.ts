/**
 * How the panel reaches the API in the same process: server/main.ts registers the Hono
 * app's `fetch` here, and the panel's API client (bundled separately by Vite) reads it.
 * A global symbol is the one thing both module graphs share.
 */
import type { DirectCall, DirectResult } from "./api/lib/direct.ts";

export type ApiFetch = (request: Request) => Promise<Response>;
/** A read route run as a function (ADR 0014); undefined for a key that is not a direct read. */
export type ApiDirect = (call: DirectCall) => Promise<DirectResult | undefined>;

const KEY = Symbol.for("card-panel.api-fetch");
const DIRECT = Symbol.for("card-panel.api-direct");
type Holder = { [KEY]?: ApiFetch; [DIRECT]?: ApiDirect };

export function provideApiFetch(fetch: ApiFetch, direct?: ApiDirect) {
  (globalThis as Holder)[KEY] = fetch;
  (globalThis as Holder)[DIRECT] = direct;
}

export function inProcessApiDirect(): ApiDirect | undefined {
  return (globalThis as Holder)[DIRECT];
}

export function inProcessApiFetch(): ApiFetch | undefined {
  return (globalThis as Holder)[KEY];
}
