/**
 * How the panel reaches the API in the same process: server/main.ts registers the Hono
 * app's `fetch` here, and the panel's API client (bundled separately by Vite) reads it.
 * A global symbol is the one thing both module graphs share.
 */
export type ApiFetch = (request: Request) => Promise<Response>;

const KEY = Symbol.for("card-panel.api-fetch");
type Holder = { [KEY]?: ApiFetch };

export function provideApiFetch(fetch: ApiFetch) {
  (globalThis as Holder)[KEY] = fetch;
}

export function inProcessApiFetch(): ApiFetch | undefined {
  return (globalThis as Holder)[KEY];
}
