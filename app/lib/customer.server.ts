import type { RouterContextProvider } from "react-router";
import { getApi } from "./request-context.server";

/**
 * The customer's businesses and the active one, loaded once per request even when the layout
 * and a page both need them (their loaders run side by side with the same context). The API
 * decides which business is active (`activeBusinessId`); the panel only looks it up.
 */
async function fetchBusinesses(context: Readonly<RouterContextProvider>) {
  const { businesses, activeBusinessId } = await getApi(context).get("GET /business/getBusinessesByUser");
  return { businesses, active: businesses.find((b) => b.businessId === activeBusinessId) ?? null };
}

const cache = new WeakMap<object, ReturnType<typeof fetchBusinesses>>();

export function loadBusinesses(context: Readonly<RouterContextProvider>) {
  let p = cache.get(context);
  if (!p) {
    p = fetchBusinesses(context);
    cache.set(context, p);
  }
  return p;
}
