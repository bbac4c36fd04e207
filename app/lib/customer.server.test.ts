/** The customer home asks for GET /dashboard only: the layout's business list comes from it (one API call, not two). */
import { describe, expect, test } from "vitest";
import { RouterContextProvider } from "react-router";
import { apiContext } from "./context";
import type { ApiClient } from "./api.server";
import { loadBusinesses, loadDashboard } from "./customer.server";

const list = { businesses: [{ businessId: 7, businessName: "Seven" }, { businessId: 8, businessName: "Eight" }], activeBusinessId: 8 };

function contextWithApi() {
  const calls: string[] = [];
  const api = {
    get: async (key: string) => {
      calls.push(key);
      return key === "GET /dashboard" ? { kind: "customer", ...list, business: null } : list;
    },
  } as unknown as ApiClient;
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  return { context, calls };
}

describe("loadBusinesses and the home page's dashboard", () => {
  test("the home page (layout + home loaders): one call, GET /dashboard", async () => {
    const { context, calls } = contextWithApi();
    const home = new URL("http://localhost/panel/customer");
    const [layout, dashboard] = await Promise.all([loadBusinesses(context, home), loadDashboard(context)]);
    expect(calls).toEqual(["GET /dashboard"]);
    expect(layout.active?.businessName).toBe("Eight");
    expect(dashboard.activeBusinessId).toBe(8);
  });

  test("any other page: GET /business/getBusinessesByUser, once however many loaders ask", async () => {
    const { context, calls } = contextWithApi();
    const other = new URL("http://localhost/panel/customer/account");
    const [a, b] = await Promise.all([loadBusinesses(context, other), loadBusinesses(context)]);
    expect(calls).toEqual(["GET /business/getBusinessesByUser"]);
    expect(a).toBe(b);
    expect(a.businesses).toHaveLength(2);
  });

  test("loadDashboard alone does not make the layout's list come from it later in another request", async () => {
    const first = contextWithApi();
    await loadDashboard(first.context);
    const second = contextWithApi();
    await loadBusinesses(second.context);
    expect(second.calls).toEqual(["GET /business/getBusinessesByUser"]);
  });
});
