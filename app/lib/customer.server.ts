import type { RouterContextProvider } from "react-router";
import { getApi } from "./request-context.server";

/**
 * The customer's businesses, loaded once per request even when the layout and a page both
 * need them (their loaders run side by side with the same context).
 */
const cache = new WeakMap<object, ReturnType<typeof fetchBusinesses>>();
const fetchBusinesses = (context: Readonly<RouterContextProvider>) => getApi(context).get("GET /business/getBusinessesByUser");

export function loadBusinesses(context: Readonly<RouterContextProvider>) {
  let p = cache.get(context);
  if (!p) {
    p = fetchBusinesses(context);
    cache.set(context, p);
  }
  return p;
}

export type BusinessSummary = Awaited<ReturnType<typeof fetchBusinesses>>["businesses"][number];

/** The active business: the stored preference, else the oldest one. */
export function activeBusiness<B extends { businessId: number }>(businesses: B[], activeBusinessId?: number | null) {
  return businesses.find((b) => b.businessId === activeBusinessId) ?? businesses[0] ?? null;
}
