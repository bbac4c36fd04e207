import { href, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getApi, getStaff, requireStaff } from "~/lib/request-context.server";
import { PanelShell } from "~/components/panel-shell";
import { AdminDrawer } from "./admin-drawer";
import { BillingNotice } from "./billing-notice";
import { StaffNotificationsMenu } from "~/components/staff/notifications";

export const middleware: Route.MiddlewareFunction[] = [requireStaff];

/** The top bar's newest notices (SPEC §2 Top bar). */
const TOP_BAR_NOTICES = 5;

export async function loader({ context }: Route.LoaderArgs) {
  // Side by side; neither is worth an error page: a failed call shows no banner, no notices.
  const [billing, notices] = await Promise.all([
    getApi(context).call("GET /billing/notice", undefined, { authErrors: "return" }),
    getApi(context).call("GET /analytics/admin-notification", { query: { pageSize: TOP_BAR_NOTICES } }, { authErrors: "return" }),
  ]);
  const notifications = notices.ok ? notices.data : { notifications: [], unread: 0, total: 0 };
  return { actor: getStaff(context), billingNotice: billing.ok ? billing.data.message : null, notifications };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PanelShell
      homePath={href("/panel/admin")}
      drawer={<AdminDrawer actor={loaderData.actor} />}
      notifications={<StaffNotificationsMenu summary={loaderData.notifications} />}
    >
      <BillingNotice message={loaderData.billingNotice} />
      <Outlet />
    </PanelShell>
  );
}
