import { data, type RouterContextProvider } from "react-router";
import type { ApiOutput } from "./api.server";
import { getApi } from "./request-context.server";
import { parseId } from "#contracts/id.ts";

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

/** The customer home's call: GET /dashboard (business, card, counters, and the business list). */
export const loadDashboard = memo(async (context) => {
  const dashboard = await getApi(context).get("GET /dashboard");
  if (dashboard.kind !== "customer") throw new Error("GET /dashboard answered for staff in the customer panel.");
  return dashboard;
});

const HOME_PATH = /^\/panel\/customer\/?$/;

const businessesByContext = new WeakMap<object, Promise<{ businesses: Businesses["businesses"]; active: Businesses["businesses"][number] | null }>>();

/**
 * The customer's businesses and the active one, loaded once per request. The API decides
 * which business is active (`activeBusinessId`); the panel only looks it up. The layout passes
 * its `url`: on the home page the list comes with the home's GET /dashboard (one call, not two).
 */
export function loadBusinesses(context: Context, url?: URL) {
  let p = businessesByContext.get(context);
  if (!p) {
    p = (async () => {
      const { businesses, activeBusinessId }: Businesses =
        url && HOME_PATH.test(url.pathname) ? await loadDashboard(context) : await getApi(context).get("GET /business/getBusinessesByUser");
      return { businesses, active: businesses.find((b) => b.businessId === activeBusinessId) ?? null };
    })();
    businessesByContext.set(context, p);
  }
  return p;
}

/**
 * The business a customer page works on: `?businessId` when it is one of the customer's, else
 * the active business; a 404 the page's boundary shows when there is neither.
 */
export async function chosenBusiness(context: Context, url: URL) {
  const { businesses, active } = await loadBusinesses(context);
  const wanted = parseId(url.searchParams.get("businessId"));
  const business = wanted ? businesses.find((b) => b.businessId === wanted) : active;
  if (!business) throw data({ message: wanted ? "Business not found." : "Add a business first." }, { status: 404 });
  return business;
}
