import { href, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getApi, getStaff, requireStaff } from "~/lib/request-context.server";
import { PanelShell } from "~/components/panel-shell";
import { AdminDrawer } from "~/components/admin-drawer";
import { StaffNotificationsMenu } from "~/components/staff/notifications";

export const middleware: Route.MiddlewareFunction[] = [requireStaff];

/** The top bar's newest notices (SPEC §2 Top bar). */
const TOP_BAR_NOTICES = 5;

export async function loader({ context }: Route.LoaderArgs) {
  const notices = await getApi(context).call("GET /analytics/admin-notification", { query: { pageSize: TOP_BAR_NOTICES } });
  // The bell is not worth an error page: without an answer it shows no notices.
  const notifications = notices.ok ? notices.data : { notifications: [], unread: 0, total: 0 };
  return { actor: getStaff(context), notifications };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PanelShell
      homePath={href("/panel/admin")}
      drawer={<AdminDrawer actor={loaderData.actor} />}
      notifications={<StaffNotificationsMenu summary={loaderData.notifications} />}
    >
      <Outlet />
    </PanelShell>
  );
}
