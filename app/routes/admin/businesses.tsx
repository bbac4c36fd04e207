import { Form, href, Link } from "react-router";
import type { Route } from "./+types/businesses";
import { getApi, getStaff } from "~/lib/request-context.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { inputClass } from "~/components/form";
import { CardStateBadge } from "~/components/business/card-state";
import { Pager } from "~/components/pager";
import { BUSINESS_FILTER_NAMES, BUSINESS_FILTERS, businessesHref, type BusinessListParams } from "~/components/staff/businesses-href";
import { businessEditStepHref } from "~/components/staff/business-steps";
import { cardState, cardStateLabelIn } from "#contracts/card-state.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { messagesFor } from "#contracts/i18n/messages.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "~/lib/i18n";
import { dateOrDash } from "#contracts/format.ts";
import { parseId } from "#contracts/id.ts";

/**
 * All Businesses (issue 9): GET /business with its search and filters, in pages. Every control
 * is a link or a GET form, so the list works without JavaScript; a row opens the business page,
 * and edit, clone and delete are steps of the business's edit page (each confirmed there).
 */
export const handle: PanelHandle = { title: "All Businesses" };
export const meta = () => [{ title: "All Businesses" }];

const PAGE_SIZE = 20;

type Text = Catalogue["staffBusinesses"];
/** Each filter's and each option's words in the catalogue (the values in the URL stay the API's). */
const FILTER_KEYS = { payment: "payment", subscription: "subscription", expiry: "expiry", cardStatus: "card" } as const satisfies Record<
  (typeof BUSINESS_FILTER_NAMES)[number],
  keyof Text
>;
const OPTION_KEYS: Record<string, keyof Text> = {
  paid: "paid",
  unpaid: "unpaid",
  subscribed: "subscribed",
  "not-subscribed": "notSubscribed",
  "expiring-soon": "expiringSoon",
  expired: "expired",
  active: "active",
  inactive: "inactive",
};

/** The URL's filters, only the values the list knows (anything else is left for the API to refuse). */
function readParams(search: URLSearchParams): BusinessListParams {
  const p: Record<string, string | number | undefined> = { search: search.get("search")?.trim().slice(0, 100) || undefined, page: parseId(search.get("page")) ?? 1 };
  for (const name of BUSINESS_FILTER_NAMES) p[name] = search.get(name) || undefined;
  return p as BusinessListParams;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const params = readParams(url.searchParams);
  const res = await getApi(context).call("GET /business", { query: { ...params, pageSize: PAGE_SIZE } });
  // Bulk import is for the agency's admins (ADR 0058): the admin-only menu item says who they are.
  const mayImport = getStaff(context).menu.some((m) => m.key === "franchisees");
  const lang = languageOf(context);
  const t = pageMessages(context, "staffBusinesses", "staffCommon");
  const page = { t, pageTitle: t.staffBusinesses.title };
  if (!res.ok) {
    // A hand-edited URL with a filter value the API refuses: say so, with the list's way back.
    return { ...page, params, error: res.message, rows: [], total: 0, pages: 1, mayDelete: false, mayImport };
  }
  const now = new Date();
  // The card states' words are the customer home's; only the labels themselves are sent.
  const { home } = messagesFor(lang, "home");
  const { businesses, total, allowed } = res.data;
  return {
    ...page,
    params,
    error: null,
    total,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    mayDelete: allowed.delete,
    mayImport,
    rows: businesses.map((b) => ({
      businessId: b.businessId,
      businessName: b.businessName,
      category: b.category,
      owner: (b.user.isForeignUser ? b.user.email : b.user.phoneNumber) ?? "—",
      cardId: b.card?.cardId ?? null,
      expiry: dateOrDash(b.expiryDateForCustomer, lang),
      madeBy: b.businessMadeBy,
      ...stateOf(cardState({ ...b, cardStatus: b.card?.status }, now), home),
    })),
  };
}

const stateOf = (status: ReturnType<typeof cardState>, home: Catalogue["home"]) => ({ status, statusLabel: cardStateLabelIn(status, home) });

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const pageLink = "font-medium text-brand-dark underline";

function RowActions({ row, mayDelete, t }: { row: Row; mayDelete: boolean; t: Text }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
      <Link to={businessEditStepHref(row.businessId)} className={pageLink} aria-label={fmt(t.editNamed, { name: row.businessName })}>
        {t.edit}
      </Link>
      <Link to={businessEditStepHref(row.businessId, "clone")} className={pageLink} aria-label={fmt(t.cloneNamed, { name: row.businessName })}>
        {t.clone}
      </Link>
      {mayDelete ? (
        <Link to={businessEditStepHref(row.businessId, "delete")} className="font-medium text-red-700 underline" aria-label={fmt(t.deleteNamed, { name: row.businessName })}>
          {t.delete}
        </Link>
      ) : null}
    </span>
  );
}

const businessHref = (id: number) => href("/panel/admin/businesses/:businessId", { businessId: String(id) });

export default function AdminBusinesses({ loaderData }: Route.ComponentProps) {
  const { params, rows, total, pages, error, mayDelete } = loaderData;
  const filtered = !!params.search || BUSINESS_FILTER_NAMES.some((n) => params[n]);
  const page = params.page ?? 1;
  const t = loaderData.t.staffBusinesses;
  return (
    <div className="space-y-4">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold text-slate-900">{t.businesses}</h2>
          <Link to={href("/panel/admin/businesses/register")} className="rounded-lg bg-brand-dark px-3 py-2 text-sm font-semibold text-white hover:bg-brand-darker">
            {t.registerCustomer}
          </Link>
          {loaderData.mayImport && (
            <Link to={href("/panel/admin/business-imports")} className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-dark ring-1 ring-slate-300">
              {t.importFromFile}
            </Link>
          )}
        </div>
        {/* Keyed by the query: after a client-side navigation the inputs show the URL's values. */}
        <Form key={businessesHref({ ...params, page: 1 })} method="get" role="search" className="mt-3 space-y-3">
          <div className="flex gap-2">
            <label htmlFor="businesses-search" className="sr-only">
              {t.searchBusinesses}
            </label>
            <input
              id="businesses-search"
              name="search"
              type="search"
              defaultValue={params.search ?? ""}
              placeholder={t.searchPlaceholder}
              className={inputClass}
              maxLength={100}
            />
            <button type="submit" className="shrink-0 rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker">
              {loaderData.t.staffCommon.search}
            </button>
          </div>
          <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <legend className="sr-only">{t.filters}</legend>
            {BUSINESS_FILTER_NAMES.map((name) => (
              <div key={name} className="space-y-1">
                <label htmlFor={`filter-${name}`} className="block text-xs font-medium text-slate-700">
                  {t[FILTER_KEYS[name]]}
                </label>
                <select id={`filter-${name}`} name={name} defaultValue={params[name] ?? ""} className={inputClass}>
                  <option value="">{t.any}</option>
                  {BUSINESS_FILTERS[name].map((o) => (
                    <option key={o.value} value={o.value}>
                      {t[OPTION_KEYS[o.value]] ?? o.label}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
              {t.applyFilters}
            </button>
            {filtered ? (
              <Link to={businessesHref()} className="text-sm font-medium text-brand-dark underline">
                {t.clearFilters}
              </Link>
            ) : null}
          </div>
        </Form>
      </Card>

      <Card>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p className="text-sm text-slate-600" aria-live="polite">
            {total === 1 ? t.countOne : fmt(t.countOther, { count: total })}
            {filtered ? t.found : ""}
          </p>
        )}
        {rows.length ? (
          <>
            {/* Desktop: a table. */}
            <table className="mt-2 hidden w-full text-left text-sm md:table">
              <caption className="sr-only">{t.caption}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-3 font-medium">{t.business}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t.owner}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t.card}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t.state}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t.expiry}</th>
                  <th scope="col" className="py-2 font-medium">{t.actions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.businessId} className="border-b border-slate-100 align-top">
                    <th scope="row" className="py-2 pr-3 font-normal">
                      <Link to={businessHref(r.businessId)} className="font-medium break-words text-brand-dark underline">
                        {r.businessName}
                      </Link>
                      {r.category ? <span className="block text-xs text-slate-600">{r.category}</span> : null}
                    </th>
                    <td className="py-2 pr-3 break-all">{r.owner}</td>
                    <td className="py-2 pr-3 break-all">{r.cardId ? `/${r.cardId}` : "—"}</td>
                    <td className="py-2 pr-3">
                      <CardStateBadge status={r.status} label={r.statusLabel} />
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{r.expiry}</td>
                    <td className="py-2">
                      <RowActions row={r} mayDelete={mayDelete} t={t} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* Phones: one card per business. */}
            <ul aria-label={t.businesses} className="mt-2 divide-y divide-slate-100 md:hidden">
              {rows.map((r) => (
                <li key={r.businessId} className="space-y-1.5 py-3">
                  <div className="flex items-start justify-between gap-2">
                    <Link to={businessHref(r.businessId)} className="min-w-0 font-medium break-words text-brand-dark underline">
                      {r.businessName}
                    </Link>
                    <CardStateBadge status={r.status} label={r.statusLabel} />
                  </div>
                  <p className="text-sm break-words text-slate-600">
                    {r.owner}
                    {r.cardId ? ` · /${r.cardId}` : ""} · {fmt(t.expiryOn, { date: r.expiry })}
                  </p>
                  <RowActions row={r} mayDelete={mayDelete} t={t} />
                </li>
              ))}
            </ul>
          </>
        ) : error ? null : filtered ? (
          <p className="mt-2 text-sm text-slate-600">
            {t.noMatch}{" "}
            <Link to={businessesHref()} className={pageLink}>
              {t.showAll}
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            {t.noBusinesses}{" "}
            <Link to={href("/panel/admin/businesses/register")} className={pageLink}>
              {t.registerFirst}
            </Link>
          </p>
        )}
        <Pager page={page} pages={pages} hrefFor={(p) => businessesHref({ ...params, page: p })} text={loaderData.t.staffCommon} />
      </Card>
    </div>
  );
}
