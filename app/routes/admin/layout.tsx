import { href, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { getApi, getStaff, requireStaff } from "~/lib/request-context.server";
import { PanelShell } from "~/components/panel-shell";
import { AdminDrawer } from "./admin-drawer";
import { BillingNotice } from "./billing-notice";
import { StaffNotificationsMenu } from "~/components/staff/notifications";
import { ErrorView } from "~/components/error-view";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { translateMessage } from "#contracts/i18n/messages.ts";

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
  // The notice is a field of a 200 (not an error the API translates): its words here.
  const billingNotice = billing.ok && billing.data.message ? translateMessage(languageOf(context), billing.data.message) : null;
  return { actor: getStaff(context), billingNotice, notifications, frameText: pageMessages(context, "staffNotBuilt").staffNotBuilt };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame {...loaderData}>
      <Outlet />
    </StaffFrame>
  );
}

/**
 * A staff page's error keeps the panel around it (top bar with the agency's logo, back button,
 * notices and menu) with the error's dialog over it; Ok and ✕ go back, as on the customer side
 * (ADR 0043). Without this layout's own data (its loader failed), the root boundary's dialog.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const frame = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const home = href("/panel/admin");
  if (!frame) return <ErrorView error={error} backTo={home} />;
  return (
    <StaffFrame {...frame}>
      <ErrorView error={error} backTo={home} />
    </StaffFrame>
  );
}

function StaffFrame({ actor, billingNotice, notifications, frameText, children }: Route.ComponentProps["loaderData"] & { children: React.ReactNode }) {
  return (
    <PanelShell homePath={href("/panel/admin")} drawer={<AdminDrawer actor={actor} text={frameText} />} notifications={<StaffNotificationsMenu summary={notifications} />}>
      <BillingNotice message={billingNotice} title={frameText.imagesPaused} />
      {children}
    </PanelShell>
  );
}
