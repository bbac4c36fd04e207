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
import { cardState } from "#contracts/card-state.ts";
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
  if (!res.ok) {
    // A hand-edited URL with a filter value the API refuses: say so, with the list's way back.
    return { params, error: res.message, rows: [], total: 0, pages: 1, mayDelete: false, mayImport };
  }
  const now = new Date();
  const { businesses, total, allowed } = res.data;
  return {
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
      expiry: dateOrDash(b.expiryDateForCustomer),
      madeBy: b.businessMadeBy,
      status: cardState({ ...b, cardStatus: b.card?.status }, now),
    })),
  };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const pageLink = "font-medium text-brand-dark underline";

function RowActions({ row, mayDelete }: { row: Row; mayDelete: boolean }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
      <Link to={businessEditStepHref(row.businessId)} className={pageLink} aria-label={`Edit ${row.businessName}`}>
        Edit
      </Link>
      <Link to={businessEditStepHref(row.businessId, "clone")} className={pageLink} aria-label={`Clone ${row.businessName}`}>
        Clone
      </Link>
      {mayDelete ? (
        <Link to={businessEditStepHref(row.businessId, "delete")} className="font-medium text-red-700 underline" aria-label={`Delete ${row.businessName}`}>
          Delete
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
  return (
    <div className="space-y-4">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold text-slate-900">Businesses</h2>
          <Link to={href("/panel/admin/businesses/register")} className="rounded-lg bg-brand-dark px-3 py-2 text-sm font-semibold text-white hover:bg-brand-darker">
            Register a customer
          </Link>
          {loaderData.mayImport && (
            <Link to={href("/panel/admin/business-imports")} className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-dark ring-1 ring-slate-300">
              Import from a file
            </Link>
          )}
        </div>
        {/* Keyed by the query: after a client-side navigation the inputs show the URL's values. */}
        <Form key={businessesHref({ ...params, page: 1 })} method="get" role="search" className="mt-3 space-y-3">
          <div className="flex gap-2">
            <label htmlFor="businesses-search" className="sr-only">
              Search businesses
            </label>
            <input
              id="businesses-search"
              name="search"
              type="search"
              defaultValue={params.search ?? ""}
              placeholder="Business name, phone, email or card id"
              className={inputClass}
              maxLength={100}
            />
            <button type="submit" className="shrink-0 rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker">
              Search
            </button>
          </div>
          <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <legend className="sr-only">Filters</legend>
            {BUSINESS_FILTER_NAMES.map((name) => (
              <div key={name} className="space-y-1">
                <label htmlFor={`filter-${name}`} className="block text-xs font-medium text-slate-700">
                  {{ payment: "Payment", subscription: "Subscription", expiry: "Expiry", cardStatus: "Card" }[name]}
                </label>
                <select id={`filter-${name}`} name={name} defaultValue={params[name] ?? ""} className={inputClass}>
                  <option value="">Any</option>
                  {BUSINESS_FILTERS[name].map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
              Apply filters
            </button>
            {filtered ? (
              <Link to={businessesHref()} className="text-sm font-medium text-brand-dark underline">
                Clear search and filters
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
            {total === 1 ? "1 business" : `${total} businesses`}
            {filtered ? " found" : ""}
          </p>
        )}
        {rows.length ? (
          <>
            {/* Desktop: a table. */}
            <table className="mt-2 hidden w-full text-left text-sm md:table">
              <caption className="sr-only">Businesses, newest first</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-3 font-medium">Business</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Owner</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Card</th>
                  <th scope="col" className="py-2 pr-3 font-medium">State</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Expiry</th>
                  <th scope="col" className="py-2 font-medium">Actions</th>
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
                      <CardStateBadge status={r.status} />
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{r.expiry}</td>
                    <td className="py-2">
                      <RowActions row={r} mayDelete={mayDelete} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* Phones: one card per business. */}
            <ul aria-label="Businesses" className="mt-2 divide-y divide-slate-100 md:hidden">
              {rows.map((r) => (
                <li key={r.businessId} className="space-y-1.5 py-3">
                  <div className="flex items-start justify-between gap-2">
                    <Link to={businessHref(r.businessId)} className="min-w-0 font-medium break-words text-brand-dark underline">
                      {r.businessName}
                    </Link>
                    <CardStateBadge status={r.status} />
                  </div>
                  <p className="text-sm break-words text-slate-600">
                    {r.owner}
                    {r.cardId ? ` · /${r.cardId}` : ""} · Expiry {r.expiry}
                  </p>
                  <RowActions row={r} mayDelete={mayDelete} />
                </li>
              ))}
            </ul>
          </>
        ) : error ? null : filtered ? (
          <p className="mt-2 text-sm text-slate-600">
            No business matches that search or those filters.{" "}
            <Link to={businessesHref()} className={pageLink}>
              Show all businesses
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            No businesses yet.{" "}
            <Link to={href("/panel/admin/businesses/register")} className={pageLink}>
              Register a customer and their first business
            </Link>
          </p>
        )}
        <Pager page={page} pages={pages} hrefFor={(p) => businessesHref({ ...params, page: p })} />
      </Card>
    </div>
  );
}
