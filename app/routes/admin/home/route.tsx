import { Form, href, Link, useRouteLoaderData } from "react-router";
import { RenewalsLinkCard, renewalsLinkText } from "~/components/staff/renewals-link";
import type { Route } from "./+types/route";
import { getApi, getSession, getStaff } from "~/lib/request-context.server";
import type { PanelHandle } from "~/lib/page";
import { staffMenuLinks } from "~/lib/menu-links";
import { Card } from "~/components/panel-shell";
import { ExternalIcon } from "~/components/icons";
import { CardStateBadge } from "~/components/business/card-state";
import { inputClass } from "~/components/form";
import { cardState, cardStateLabelIn } from "#contracts/card-state.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { messagesFor } from "#contracts/i18n/messages.ts";
import { fmt } from "~/lib/i18n";
import { formatPrice } from "#contracts/format.ts";
import { MonthsChart } from "./months-chart";
import { NotificationList, NOTIFICATIONS_HREF, type NotificationsSummary } from "~/components/staff/notifications";
import { businessesHref } from "~/components/staff/businesses-href";


export const handle: PanelHandle = { title: "Home", isHome: true };
export const meta = () => [{ title: "Admin" }];

const RECENT = 10;

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = getStaff(context);
  const { agency } = getSession(context);
  // The newest businesses this person may see (or a search), each leading to its staff page;
  // the full list with filters is the staff panel's "All Businesses".
  const search = url.searchParams.get("search")?.trim().slice(0, 100) || undefined;
  const api = getApi(context);
  const [res, dashboard] = await Promise.all([api.get("GET /business", { query: { page: 1, pageSize: RECENT, search } }), api.get("GET /dashboard")]);
  if (dashboard.kind !== "staff") throw new Error("GET /dashboard answered for a customer in the staff panel.");
  const now = new Date();
  const lang = languageOf(context);
  const t = pageMessages(context, "staffHome", "staffCommon");
  // The card states' words are the customer home's; only the labels themselves are sent.
  const { home } = messagesFor(lang, "home");
  return {
    t,
    lang,
    pageTitle: t.staffHome.title,
    search: search ?? "",
    businesses: res.businesses.map((b) => {
      const status = cardState({ ...b, cardStatus: b.card?.status }, now);
      return {
        businessId: b.businessId,
        businessName: b.businessName,
        owner: b.user.isForeignUser ? b.user.email : b.user.phoneNumber,
        status,
        statusLabel: cardStateLabelIn(status, home),
      };
    }),
    dashboard,
    name: actor.franchisee.name,
    roles: actor.franchisee.roles,
    agencyName: agency.agencyName,
    // Home is where we are: the tiles are everything else on the API's menu.
    tiles: staffMenuLinks(actor.menu).filter((i) => i.key !== "home"),
    // The renewal pipeline (ADR 0067) is reached from here, not from SPEC §2's menu: only its link's words.
    renewalsText: renewalsLinkText(messagesFor(lang, "renewals").renewals),
    // Staff who are not admins see their own commission statement (ADR 0069); admins see everyone's from the Franchisee List.
    ownStatement: actor.franchisee.roles.includes("admin")
      ? null
      : (({ yourStatement, yourStatementHint }) => ({ franchiseeId: actor.franchisee.franchiseeId, yourStatement, yourStatementHint }))(messagesFor(lang, "commissions").commissions),
  };
}

const tileClass = "flex h-full items-start justify-between gap-2 rounded-2xl bg-white p-4 font-semibold text-slate-900 shadow-sm ring-1 ring-slate-200 hover:ring-brand";

/** One number on Home; `to` opens the list behind it. */
function Stat({ label, value, detail, to }: { label: string; value: string | number; detail?: string; to?: string }) {
  const body = (
    <>
      <span className="block text-sm text-slate-600">{label}</span>
      <span className="block text-2xl font-semibold text-slate-900 tabular-nums">{value}</span>
      {detail ? <span className="block text-xs text-slate-600">{detail}</span> : null}
    </>
  );
  const box = "block h-full rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200";
  return <li>{to ? <Link to={to} className={`${box} hover:ring-brand`}>{body}</Link> : <div className={box}>{body}</div>}</li>;
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { counts, paymentsThisMonth, enquiries, months } = loaderData.dashboard;
  // The top bar's notices (the admin layout's loader): Home shows the same, no second call.
  const layout = useRouteLoaderData("routes/admin/layout") as { notifications: NotificationsSummary } | undefined;
  const notices = layout?.notifications;
  const t = loaderData.t.staffHome;
  return (
    <div className="space-y-4">
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{fmt(t.welcome, { name: loaderData.name })}</h2>
        <p className="mt-1 text-sm text-slate-600">{loaderData.agencyName}</p>
        <ul aria-label={t.yourRoles} className="mt-3 flex flex-wrap gap-2">
          {loaderData.roles.map((r) => (
            <li key={r} className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-medium text-brand-dark">
              {r}
            </li>
          ))}
        </ul>
      </Card>
      <section aria-labelledby="numbers-heading">
        <h2 id="numbers-heading" className="sr-only">
          {t.numbers}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Stat label={t.businesses} value={counts.businesses} to={businessesHref()} />
          <Stat label={t.activeCards} value={counts.cardsActive} detail={fmt(t.inactiveCount, { count: counts.cardsInactive })} to={businessesHref({ cardStatus: "active" })} />
          <Stat label={t.expiringSoon} value={counts.expiringSoon} detail={t.within7Days} to={businessesHref({ expiry: "expiring-soon" })} />
          <Stat label={t.expired} value={counts.expired} to={businessesHref({ expiry: "expired" })} />
          <Stat label={t.paymentsThisMonth} value={paymentsThisMonth.count} detail={formatPrice(paymentsThisMonth.amount)} />
          <Stat label={t.enquiries} value={enquiries.total} detail={fmt(t.thisMonthCount, { count: enquiries.thisMonth })} />
        </ul>
      </section>
      <Card>
        <MonthsChart months={months} t={t} lang={loaderData.lang} />
      </Card>
      <RenewalsLinkCard text={loaderData.renewalsText} />
      {loaderData.ownStatement ? (
        <Card>
          <Link to={href("/panel/admin/franchisees/:franchiseeId/commissions", { franchiseeId: String(loaderData.ownStatement.franchiseeId) })} className="font-semibold text-brand-dark underline">
            {loaderData.ownStatement.yourStatement}
          </Link>
          <p className="mt-1 text-sm text-slate-600">{loaderData.ownStatement.yourStatementHint}</p>
        </Card>
      ) : null}
      {notices ? (
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold text-slate-900">{t.notifications}
              {notices.unread ? fmt(t.unreadCount, { count: notices.unread }) : ""}
            </h2>
            <Link to={NOTIFICATIONS_HREF} className="text-sm font-medium text-brand-dark underline">
              {t.allNotifications}
            </Link>
          </div>
          <div className="mt-1">
            <NotificationList items={notices.notifications} />
          </div>
        </Card>
      ) : null}
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold text-slate-900">{loaderData.search ? t.businessesFound : t.newestBusinesses}</h2>
          <Link to={businessesHref()} className="text-sm font-medium text-brand-dark underline">
            {t.allBusinesses}
          </Link>
        </div>
        <Form method="get" role="search" className="mt-3 flex gap-2">
          <label htmlFor="business-search" className="sr-only">
            {t.searchBusinesses}
          </label>
          <input id="business-search" name="search" type="search" defaultValue={loaderData.search} placeholder={t.searchPlaceholder} className={inputClass} />
          <button type="submit" className="shrink-0 rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker">
            {loaderData.t.staffCommon.search}
          </button>
        </Form>
        {loaderData.businesses.length ? (
          <ul aria-label={t.businesses} className="mt-2 divide-y divide-slate-100">
            {loaderData.businesses.map((b) => (
              <li key={b.businessId}>
                <Link
                  to={href("/panel/admin/businesses/:businessId", { businessId: String(b.businessId) })}
                  className="flex items-center justify-between gap-3 py-2.5 hover:bg-slate-50"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-brand-dark underline">{b.businessName}</span>
                    {b.owner ? <span className="block truncate text-sm text-slate-600">{b.owner}</span> : null}
                  </span>
                  <CardStateBadge status={b.status} label={b.statusLabel} />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{loaderData.search ? t.noMatch : t.noBusinesses}</p>
        )}
      </Card>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {loaderData.tiles.map((tile) => (
          <li key={tile.key}>
            {tile.external ? (
              <a href={tile.to} target="_blank" rel="noopener noreferrer" className={tileClass}>
                {tile.label}
                <ExternalIcon className="mt-1 size-4 shrink-0 text-slate-400" />
              </a>
            ) : (
              <Link to={tile.to} className={tileClass}>
                {tile.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
