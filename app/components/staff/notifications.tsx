import { Form, href, Link, useLocation } from "react-router";
import { ADMIN_NOTIFICATION_LABELS, type AdminNotificationKind } from "#contracts/notification-kinds.ts";
import { BellIcon } from "../icons";

/** A notification as the panel shows it (GET /analytics/admin-notification's rows). */
export type NotificationItem = {
  notificationId: number;
  kind: AdminNotificationKind;
  businessId: number;
  title: string;
  body: string | null;
  createdAt: Date | string;
  read: boolean;
};
export type NotificationsSummary = { notifications: NotificationItem[]; unread: number; total: number };

export const NOTIFICATIONS_HREF = href("/panel/admin/notifications");
export const READ_INTENT = "read";

const when = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

/**
 * The notices with a "Mark as read" form each: a real post to the notifications page's action,
 * which sends the browser back to `returnTo`, so it works without JavaScript.
 */
export function NotificationList({ items, compact = false }: { items: NotificationItem[]; compact?: boolean }) {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  if (!items.length) return <p className="text-sm text-slate-600">No notifications</p>;
  return (
    <ul aria-label="Notifications" className="divide-y divide-slate-100">
      {items.map((n) => (
        <li key={n.notificationId} className={`flex items-start gap-2 py-2.5 ${compact ? "text-sm" : ""}`} data-read={n.read}>
          {n.read ? <span className="mt-2 size-2 shrink-0" aria-hidden="true" /> : <span className="mt-2 size-2 shrink-0 rounded-full bg-brand-dark" aria-hidden="true" />}
          <div className="min-w-0 flex-1">
            <Link
              to={href("/panel/admin/businesses/:businessId", { businessId: String(n.businessId) })}
              className={`block break-words text-slate-900 underline-offset-2 hover:underline ${n.read ? "" : "font-semibold"}`}
            >
              {n.title}
              {n.read ? null : <span className="sr-only"> (unread)</span>}
            </Link>
            <p className="text-xs text-slate-600">
              {ADMIN_NOTIFICATION_LABELS[n.kind]} · {when.format(new Date(n.createdAt))}
              {n.body ? ` · ${n.body}` : ""}
            </p>
          </div>
          {n.read ? null : (
            <Form method="post" action={NOTIFICATIONS_HREF} className="shrink-0">
              <input type="hidden" name="id" value={n.notificationId} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <button
                type="submit"
                name="intent"
                value={READ_INTENT}
                aria-label={`Mark as read: ${n.title}`}
                className="rounded-md px-2 py-1 text-xs font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50"
              >
                Mark as read
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

const iconButton = "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand";

/** The staff's notification area in the top bar (a <details>, so it opens without JavaScript). */
export function StaffNotificationsMenu({ summary }: { summary: NotificationsSummary }) {
  const location = useLocation();
  const label = summary.unread ? `Notifications, ${summary.unread} unread` : "Notifications";
  return (
    <details key={location.key} className="relative">
      <summary aria-label={label} className={`${iconButton} relative cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <BellIcon />
        {summary.unread ? (
          <span aria-hidden="true" className="absolute top-1 right-1 min-w-4 rounded-full bg-red-700 px-1 text-center text-[10px] leading-4 font-bold text-white">
            {summary.unread > 99 ? "99+" : summary.unread}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-1rem))] rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200">
        <NotificationList items={summary.notifications} compact />
        <Link to={NOTIFICATIONS_HREF} className="mt-2 block text-sm font-medium text-brand-dark underline">
          All notifications
        </Link>
      </div>
    </details>
  );
}
