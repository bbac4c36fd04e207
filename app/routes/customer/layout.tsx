import { href, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { getCustomer, requireCustomer } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import { PanelShell } from "~/components/panel-shell";
import { BellLink } from "~/components/top-bar";
import { CustomerDrawer } from "./customer-drawer";
import { BusinessSelector } from "./business-selector";
import { CustomerUpgradeOnDemand } from "./customer-upgrade-on-demand";
import { useExtraBottomMargin } from "~/lib/page";
import { ErrorView } from "~/components/error-view";
import { pageMessages } from "~/lib/i18n.server";

export const middleware: Route.MiddlewareFunction[] = [requireCustomer];

/** The words every customer page may show (#upgrade's frame, the checkout, a failed payment) and the business selector's three. */
function layoutWords(context: Route.LoaderArgs["context"]) {
  const { payment, switchBusiness: s } = pageMessages(context, "payment", "switchBusiness");
  return { payment, switchBusiness: { business: s.business, switch: s.switch, switching: s.switching } };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { businesses, active } = await loadBusinesses(context, url);
  return {
    t: layoutWords(context),
    actor: getCustomer(context),
    businesses: businesses.map((b) => ({ businessId: b.businessId, businessName: b.businessName })),
    active: active && { businessId: active.businessId, businessName: active.businessName, category: active.category },
  };
}

/** Pages with a bottom action bar keep 65 px clear (SPEC §9). */
export default function CustomerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <CustomerFrame {...loaderData}>
      <Outlet />
    </CustomerFrame>
  );
}

/**
 * A page's error keeps the panel around it (top bar with the agency's logo, back button and menu)
 * with the error's dialog over it; Ok and ✕ go back (ADR 0043). Without this layout's own data
 * (its loader failed), the root boundary's bare dialog.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const frame = useRouteLoaderData<typeof loader>("routes/customer/layout");
  const home = href("/panel/customer");
  if (!frame) return <ErrorView error={error} backTo={home} />;
  return (
    <CustomerFrame {...frame}>
      <ErrorView error={error} backTo={home} />
    </CustomerFrame>
  );
}

function CustomerFrame({ actor, businesses, active, t, children }: Route.ComponentProps["loaderData"] & { children: React.ReactNode }) {
  const extraBottomMargin = useExtraBottomMargin();
  return (
    <PanelShell
      homePath={href("/panel/customer")}
      extraBottomMargin={extraBottomMargin}
      topBarBelow={businesses.length ? <BusinessSelector businesses={businesses} activeId={active?.businessId ?? null} t={t.switchBusiness} /> : undefined}
      drawer={<CustomerDrawer actor={actor} business={active} />}
      notifications={<BellLink to={href("/panel/customer/notifications")} />}
    >
      {children}
      <CustomerUpgradeOnDemand prefill={{ contact: actor.user.phoneNumber ?? undefined, email: actor.user.email ?? undefined }} />
    </PanelShell>
  );
}
