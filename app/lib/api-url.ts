import type { ApiInput, ApiKey } from "./api.server";

/** A route's path and query (no body): what a link, an image or a ping needs. */
export type ApiUrlInput<K extends ApiKey> = Omit<ApiInput<K>, "body">;
type UrlArgs<K extends ApiKey> = object extends ApiUrlInput<K> ? [input?: ApiUrlInput<K>] : [input: ApiUrlInput<K>];

/**
 * The same-origin URL of an API route, by the key the panel's server client uses
 * (`apiUrl("GET /public-card/{cardId}/vcard", { params: { cardId } })`): a wrong path or a
 * missing parameter is a type error. Server and browser alike (links, images, pings, fetch).
 */
export function apiUrl<K extends ApiKey>(key: K, ...[input]: UrlArgs<K>): string {
  let path = key.slice(key.indexOf(" ") + 1);
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  for (const [name, value] of Object.entries(params ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(name, String(value));
  return `/api/v1${path}${search.size ? `?${search}` : ""}`;
}
