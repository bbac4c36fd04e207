import type { RouterContextProvider } from "react-router";
import type { ApiOutput } from "./api.server";
import { getApi } from "./request-context.server";

type Context = Readonly<RouterContextProvider>;
type Businesses = { businesses: ApiOutput<"GET /business/getBusinessesByUser">["businesses"]; activeBusinessId: number | null };
export type CustomerDashboard = Extract<ApiOutput<"GET /dashboard">, { kind: "customer" }>;

/** Per-request memo: the layout and a page ask side by side with the same context. */
function memo<T>(fetch: (context: Context) => Promise<T>) {
  const cache = new WeakMap<object, Promise<T>>();
  return (context: Context) => {
    let p = cache.get(context);
    if (!p) {
      p = fetch(context);
      cache.set(context, p);
    }
    return p;
  };
}

/**
 * The customer home's one call: GET /dashboard (business, card, counters) also carries the
 * business list, so on the home page the layout's list comes from it instead of a second call.
 */
export const loadDashboard = memo(async (context) => {
  const dashboard = await getApi(context).get("GET /dashboard");
  if (dashboard.kind !== "customer") throw new Error("GET /dashboard answered for staff in the customer panel.");
  return dashboard;
});

const dashboardRequested = new WeakSet<object>();
/** Called synchronously by the home loader before anything awaits, so the layout can tell. */
export function willLoadDashboard(context: Context) {
  dashboardRequested.add(context);
  return loadDashboard(context);
}

/**
 * The customer's businesses and the active one, loaded once per request. The API decides
 * which business is active (`activeBusinessId`); the panel only looks it up.
 */
export const loadBusinesses = memo(async (context) => {
  // Sibling loaders start in the same tick: give the home loader that tick to say it is loading the dashboard.
  await new Promise<void>((resolve) => setImmediate(resolve));
  const { businesses, activeBusinessId }: Businesses = dashboardRequested.has(context)
    ? await loadDashboard(context)
    : await getApi(context).get("GET /business/getBusinessesByUser");
  return { businesses, active: businesses.find((b) => b.businessId === activeBusinessId) ?? null };
});
