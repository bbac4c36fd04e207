import { href, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getApi, getStaff, requireStaff } from "~/lib/request-context.server";
import { PanelShell } from "~/components/panel-shell";
import { AdminDrawer } from "~/components/admin-drawer";
import { BillingNotice } from "~/components/billing/billing-notice";

export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export async function loader({ context }: Route.LoaderArgs) {
  // The agency's billing banner (ADR 0023): a failed check must not take the admin panel down.
  const notice = await getApi(context).call("GET /billing/notice");
  return { actor: getStaff(context), billingNotice: notice.ok ? notice.data.message : null };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PanelShell homePath={href("/panel/admin")} drawer={<AdminDrawer actor={loaderData.actor} />}>
      <BillingNotice message={loaderData.billingNotice} />
      <Outlet />
    </PanelShell>
  );
}
