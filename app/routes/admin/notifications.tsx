import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { getApi, getStaff } from "~/lib/request-context.server";
import { pageMessages } from "~/lib/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirectTo } from "~/lib/redirect-to";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { NotificationList, NOTIFICATIONS_HREF, READ_INTENT } from "~/components/staff/notifications";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";

/** Every notice of the staff member, in pages; the top bar and Home show the newest. */
export const handle: PanelHandle = { title: "Notifications" };
export const meta = () => [{ title: "Notifications" }];

const PAGE_SIZE = 20;
/** The API lists (and counts) the newest 1,000 notices (LISTED_NOTICES, ADR 0016). */
const LISTED = 1000;
const pageHref = (page: number) => (page > 1 ? `${NOTIFICATIONS_HREF}?page=${page}` : NOTIFICATIONS_HREF);

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = parseId(url.searchParams.get("page")) ?? 1;
  const res = await getApi(context).get("GET /analytics/admin-notification", { query: { page, pageSize: PAGE_SIZE } });
  const pages = Math.max(1, Math.ceil(res.total / PAGE_SIZE));
  if (page > pages) throw redirect(pageHref(pages));
  // Admins also reach the messages that could not be sent from here (ADR 0069).
  const failedLink = getStaff(context).franchisee.roles.includes("admin") ? pageMessages(context, "commissions").commissions.failedLink : null;
  return { ...res, page, pages, failedLink };
}

/** Mark as read (from here, Home or the top bar), then back where the person was. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirectTo(form.get("returnTo"), "staff", href("/panel/admin/notifications"));
  const id = parseId(String(form.get("id") ?? ""));
  if (form.get("intent") !== READ_INTENT || !id) throw await redirectWithToast(back, { type: "error", message: "Choose a notification first." });
  const res = await getApi(context).call("PUT /analytics/admin-notification/{id}/read", { params: { id } });
  if (!res.ok) {
    throw await redirectWithToast(back, { type: "error", message: res.message });
  }
  throw await redirectWithToast(back, { type: "success", message: "Marked as read." });
}

export default function AdminNotifications({ loaderData }: Route.ComponentProps) {
  const { notifications, unread, total, page, pages, failedLink } = loaderData;
  return (
    <Card className="mx-auto max-w-3xl">
      <h2 className="font-semibold text-slate-900">Notifications</h2>
      <p className="mt-1 text-sm text-slate-600">
        {total ? `${total >= LISTED ? `The newest ${LISTED.toLocaleString("en-IN")}` : `${total} in all`}, ${unread} unread. New businesses, payments, enquiries and cards expiring soon.` : "New businesses, payments, enquiries and cards expiring soon show up here."}
      </p>
      <div className="mt-2">
        <NotificationList items={notifications} />
      </div>
      <Pager page={page} pages={pages} hrefFor={pageHref} />
      {failedLink ? (
        <p className="mt-3 text-sm">
          <Link to={href("/panel/admin/failed-messages")} className="font-semibold text-brand-dark underline">
            {failedLink}
          </Link>
        </p>
      ) : null}
    </Card>
  );
}
