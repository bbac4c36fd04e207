import { href, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getCustomer, requireCustomer } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import { PanelShell } from "~/components/panel-shell";
import { CustomerDrawer } from "./customer-drawer";
import { BusinessSelector } from "./business-selector";
import { CustomerUpgradeOnDemand } from "./customer-upgrade-on-demand";
import { useExtraBottomMargin } from "~/lib/page";

export const middleware: Route.MiddlewareFunction[] = [requireCustomer];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { businesses, active } = await loadBusinesses(context, url);
  return {
    actor: getCustomer(context),
    businesses: businesses.map((b) => ({ businessId: b.businessId, businessName: b.businessName })),
    active: active && { businessId: active.businessId, businessName: active.businessName, category: active.category },
  };
}

/** Pages with a bottom action bar keep 65 px clear (SPEC §9). */
export default function CustomerLayout({ loaderData }: Route.ComponentProps) {
  const { actor, businesses, active } = loaderData;
  const extraBottomMargin = useExtraBottomMargin();
  return (
    <PanelShell
      homePath={href("/panel/customer")}
      extraBottomMargin={extraBottomMargin}
      topBarBelow={businesses.length ? <BusinessSelector businesses={businesses} activeId={active?.businessId ?? null} /> : undefined}
      drawer={<CustomerDrawer actor={actor} business={active} />}
    >
      <Outlet />
      <CustomerUpgradeOnDemand prefill={{ contact: actor.user.phoneNumber ?? undefined, email: actor.user.email ?? undefined }} />
    </PanelShell>
  );
}
