import { Link } from "react-router";
import type { Route } from "./+types/notifications";
import { getApi } from "~/lib/request-context.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { formatDate } from "#contracts/format.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";

export const handle: PanelHandle = { title: "Notifications" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Notifications" }];

/** The customer's bell (ADR 0043): their own events, newest first, each a link to its page. */
export async function loader({ context }: Route.LoaderArgs) {
  const { notifications } = await getApi(context).get("GET /customer/notifications");
  const lang = languageOf(context);
  const t = pageMessages(context, "notifications");
  return { notifications: notifications.map((n) => ({ ...n, at: formatDate(n.at, lang) })), t, pageTitle: t.notifications.title };
}

export default function CustomerNotifications({ loaderData }: Route.ComponentProps) {
  const { notifications } = loaderData;
  const t = loaderData.t.notifications;
  if (!notifications.length) {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t.emptyTitle}</h2>
        <p className="mt-2 text-slate-600">{t.emptyBody}</p>
      </Card>
    );
  }
  return (
    <ul className="space-y-2" aria-label={t.title}>
      {notifications.map((n) => (
        <li key={n.key}>
          <Link to={n.href} className="block rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50">
            <span className="block font-semibold break-words text-slate-900">{n.title}</span>
            {n.body ? <span className="mt-1 block text-sm break-words text-slate-700">{n.body}</span> : null}
            <span className="mt-1 block text-xs text-slate-500">{n.at}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
