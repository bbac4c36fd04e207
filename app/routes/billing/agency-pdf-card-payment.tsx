import { href, Link } from "react-router";
import type { Route } from "./+types/agency-pdf-card-payment";
import { AuthShell } from "~/components/auth-shell";
import { getApi } from "~/lib/request-context.server";
import { formatPrice } from "#contracts/format.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { pageMessages } from "~/lib/i18n.server";

/**
 * Agency PDF card payment (SPEC §2 /panel/payment/agency-pdf-card-payment, §7 Agency PDF card
 * payment config): what the platform charges this agency per PDF card plan. The platform sets
 * the list (POST /agency-pdf-card-payment); the agency reads it here.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.agencyPdfCardPayment ?? "Agency PDF card payment" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { config: await getApi(context).get("GET /agency-pdf-card-payment", { query: {} }), t: pageMessages(context, "staffBilling").staffBilling };
}

export default function AgencyPdfCardPayment({ loaderData }: Route.ComponentProps) {
  const { plans } = loaderData.config;
  const { t } = loaderData;
  return (
    <AuthShell title={t.agencyPdfCardPayment} subtitle={t.pdfPriceSubtitle}>
      {plans.length === 0 ? (
        <p className="text-slate-600">{t.noPdfPrices}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {plans.map((p) => (
            <li key={p.id} className="flex justify-between py-2">
              <span>{p.name ?? fmt(t.pdfPlanName, { id: p.id })}</span>
              <strong>{formatPrice(p.price)}</strong>
            </li>
          ))}
        </ul>
      )}
      <Link to={href("/panel/admin/billing")} className="mt-4 inline-block font-medium text-brand-dark underline">
        {t.backToBilling}
      </Link>
    </AuthShell>
  );
}
