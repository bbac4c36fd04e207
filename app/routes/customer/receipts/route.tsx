import { href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { chosenBusiness } from "~/lib/customer.server";
import { formatReceiptDate } from "~/lib/receipt.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { UpgradeLink } from "~/components/upgrade/upgrade-link";
import { formatPrice } from "#contracts/format.ts";
import { receiptNumber } from "#contracts/payment-texts.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { fmt } from "~/lib/i18n";

export const handle: PanelHandle = { title: "Receipts" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Receipts" }];

/**
 * The receipts of a business's paid plans (ADR 0035): the thank-you page links to one receipt
 * once; this list finds every one again. `?businessId` (one of the customer's), else the active
 * business. The API lists only paid purchases, so every row opens a receipt.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const business = await chosenBusiness(context, url);
  const { list } = await getApi(context).get("GET /card-payment/receipts", { query: { businessId: business.businessId } });
  const lang = languageOf(context);
  const t = pageMessages(context, "receipts");
  return {
    t,
    pageTitle: t.receipts.title,
    businessName: business.businessName,
    receipts: list.map((r) => ({
      receiptNo: receiptNumber(r.recordNo),
      planName: r.planName ?? t.receipts.subscriptionPlan,
      amount: formatPrice(r.amount),
      paidOn: formatReceiptDate(r.paidAt, lang),
      until: formatReceiptDate(r.validUntil, lang),
      href: href("/panel/customer/businesses/:businessId/receipts/:recordNo", { businessId: String(business.businessId), recordNo: String(r.recordNo) }),
    })),
  };
}

export default function Receipts({ loaderData }: Route.ComponentProps) {
  const { businessName, receipts } = loaderData;
  const t = loaderData.t.receipts;
  return (
    <Card className="mx-auto max-w-2xl space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{fmt(t.heading, { business: businessName })}</h2>
      {receipts.length ? (
        <ul className="divide-y divide-slate-200">
          {receipts.map((r) => (
            <li key={r.receiptNo}>
              <Link to={r.href} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 hover:bg-slate-50">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">
                    {r.planName} <span className="font-normal text-slate-600">· {r.receiptNo}</span>
                  </span>
                  <span className="block text-sm text-slate-600">
                    {r.paidOn ? fmt(t.paidOn, { date: r.paidOn }) : t.paid}
                    {r.until ? fmt(t.validUntil, { date: r.until }) : ""}
                  </span>
                </span>
                <span className="font-semibold text-slate-900">{r.amount}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="space-y-2 text-slate-700">
          <p>{t.empty}</p>
          <UpgradeLink className="font-semibold text-brand-dark underline">{t.seePlans}</UpgradeLink>
        </div>
      )}
    </Card>
  );
}
