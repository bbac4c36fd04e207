import type { ApiFailure, ApiInput, ApiKey, ApiOutput, ApiResult } from "./api.server";
import { apiUrl, type ApiUrlInput } from "./api-url";

/**
 * The browser's own calls to the API, typed by the same route keys as the server's client
 * (app/lib/api.server.ts). Same origin, so the session cookie goes along. Dates in the answer
 * arrive as JSON strings.
 */
export async function apiFetch<K extends ApiKey>(key: K, input: ApiInput<K>, init?: { signal?: AbortSignal; keepalive?: boolean }): Promise<ApiResult<ApiOutput<K>>> {
  const { body } = input as { body?: unknown };
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(apiUrl(key, input as ApiUrlInput<K>), {
    method: key.slice(0, key.indexOf(" ")),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    ...init,
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return { ok: true, status: res.status, data: data as ApiOutput<K> };
  // A plan limit refused the call (ADR 0015): open the #upgrade dialog on this page.
  if (res.status === 403 && data.upgrade === true) window.location.hash = "upgrade";
  const failure: ApiFailure = {
    ok: false,
    status: res.status,
    message: typeof data.message === "string" ? data.message : `Request failed (${res.status}).`,
    fieldErrors: data.fieldErrors as Record<string, string[]> | undefined,
    data,
  };
  return failure;
}

/** Fire and forget, surviving the page being closed (logs, analytics): a beacon, else a keepalive fetch. */
export function apiBeacon<K extends ApiKey>(key: K, input: ApiInput<K>) {
  const { body } = input as { body?: unknown };
  const url = apiUrl(key, input as ApiUrlInput<K>);
  if (navigator.sendBeacon?.(url, new Blob([JSON.stringify(body)], { type: "application/json" }))) return;
  void apiFetch(key, input, { keepalive: true }).catch(() => {});
}
