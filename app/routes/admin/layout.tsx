import { href, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getStaff, requireStaff } from "~/lib/request-context.server";
import { PanelShell } from "~/components/panel-shell";
import { AdminDrawer } from "~/components/admin-drawer";

export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export async function loader({ context }: Route.LoaderArgs) {
  return { actor: getStaff(context) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PanelShell homePath={href("/panel/admin")} drawer={<AdminDrawer actor={loaderData.actor} />}>
      <Outlet />
    </PanelShell>
  );
}
