import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireStaff } from "~/lib/request-context.server";

/** The staff-only payment pages (SPEC §2): the guard lives here, not in each page. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export default function PaymentLayout() {
  return <Outlet />;
}
