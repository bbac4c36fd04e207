import { Form, href, Link } from "react-router";
import type { Route } from "./+types/agency-image-payment";
import { AuthShell } from "~/components/auth-shell";
import { SubmitButton } from "~/components/form";
import { HostedCheckoutForm } from "~/components/upgrade/hosted-checkout";
import { billDay } from "~/components/billing/bill-parts";
import { getApi, getSession } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { formatPrice } from "#contracts/format.ts";
import { BILLING_TEXTS } from "#contracts/billing-texts.ts";
import { readPaymentFailure } from "#contracts/payment-texts.ts";
import { checkoutFor } from "./pay-online.server";

/**
 * Agency image payment (SPEC §2 /panel/payment/agency-image-payment): a month of the
 * greeting-image service at the platform's fee, online; unpaid past the grace period the
 * agency's greeting images pause (ADR 0023).
 */

export const meta = () => [{ title: "Agency image payment" }];


const PATH = href("/panel/payment/agency-image-payment");

export async function loader({ url, context }: Route.LoaderArgs) {
  const res = await getApi(context).call("GET /agency-image-payment", { query: {} });
  if (!res.ok) {
    if (res.status !== 404) throw new Response(res.message, { status: res.status });
  }
  return { view: res.ok ? res.data : null, paid: url.searchParams.get("payment") === "paid", failure: readPaymentFailure(url.searchParams) };
}

export async function action({ url, context }: Route.ActionArgs) {
  const res = await getApi(context).call("POST /agency-image-payment/order", { body: {} });
  if (!res.ok) {
    throw await redirectWithToast(PATH, { type: "error", message: res.message });
  }
  return {
    hosted: checkoutFor(res.data, { origin: url.origin, returnTo: PATH, cancelTo: PATH, merchantName: getSession(context).agency.agencyName, description: "Greeting-image service, one month" }),
  };
}

export default function AgencyImagePayment({ loaderData, actionData }: Route.ComponentProps) {
  const { view, paid, failure } = loaderData;
  if (actionData?.hosted) return <HostedCheckoutForm checkout={actionData.hosted} />;
  if (!view)
    return (
      <AuthShell title="Agency image payment">
        <p className="text-slate-600">{BILLING_TEXTS.notForYou}</p>
      </AuthShell>
    );
  return (
    <AuthShell title="Agency image payment" subtitle="Greeting-image service">
      {paid ? <p role="status" className="mb-3 rounded-lg bg-green-50 px-3 py-2 text-green-800">{BILLING_TEXTS.paid}</p> : null}
      {failure ? <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-red-800">The payment failed: {failure.reason}</p> : null}
      {view.monthlyFee === 0 ? (
        <p className="text-slate-600">The platform charges no greeting-image service fee for your agency.</p>
      ) : (
        <>
          {view.paused ? <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-900">{view.reason}</p> : null}
          <p className="text-slate-700">
            {formatPrice(view.monthlyFee)} a month. {view.paidUntil ? `Paid until ${billDay(view.paidUntil)}.` : "Not paid yet."}
            {view.graceEndsAt && !view.paused ? ` Pay by ${billDay(view.graceEndsAt)} to keep greeting images on.` : ""}
          </p>
          {view.online.available ? (
            <Form method="post" className="mt-4">
              <SubmitButton pendingText="Opening the payment page…">
                {BILLING_TEXTS.payOnline} {formatPrice(view.monthlyFee)}
              </SubmitButton>
            </Form>
          ) : null}
          <h2 className="mt-5 font-semibold text-slate-900">Payments</h2>
          {view.list.filter((p) => p.status === "paid").length === 0 ? (
            <p className="text-sm text-slate-600">No payments yet.</p>
          ) : (
            <ul className="mt-1 text-sm text-slate-700">
              {view.list
                .filter((p) => p.status === "paid")
                .map((p) => (
                  <li key={p.id}>
                    {formatPrice(p.amount)} · {billDay(p.validFrom)} to {billDay(p.validUntil)} · {p.throughGateway ? "online" : "recorded by the platform"}
                  </li>
                ))}
            </ul>
          )}
        </>
      )}
      <Link to={href("/panel/admin/billing")} className="mt-4 inline-block font-medium text-brand-dark underline">
        Back to Billing
      </Link>
    </AuthShell>
  );
}
