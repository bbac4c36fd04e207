import { href, redirectDocument } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Route } from "./+types/plans";
import { getApi, getCustomer, getSession } from "~/lib/request-context.server";
import { throwIfAuthError } from "~/lib/api.server";
import { loadBusinesses } from "~/lib/customer.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { UpgradeContent } from "~/components/upgrade/upgrade-dialog";
import { HostedCheckoutForm, type HostedCheckout } from "~/components/upgrade/hosted-checkout";
import { useCustomerCheckout } from "~/components/upgrade/customer-upgrade";
import { cardPaymentOrderBody, RAZORPAY_CALLBACK_PATH } from "#contracts/payments.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { pageMessages } from "~/lib/i18n.server";

export const handle: PanelHandle = { title: "Pricing" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Pricing" }];

const PATH = href("/panel/customer/plans");

/**
 * The plans, server rendered: the page the #upgrade triggers lead to without JavaScript, and
 * the data the #upgrade dialog loads with a fetcher on any customer page (one loader for both).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { active } = await loadBusinesses(context, url);
  const plans = await getApi(context).get("GET /business/subscription-plan", { query: active ? { businessId: active.businessId } : {} });
  const { user } = getCustomer(context);
  const t = pageMessages(context, "plans");
  return {
    t,
    pageTitle: t.plans.title,
    plans,
    businessId: active?.businessId ?? null,
    businessName: active?.businessName ?? null,
    prefill: { contact: user.phoneNumber ?? undefined, email: user.email ?? undefined },
  };
}

/** 'Buy now' posted without JavaScript: the same fields the island sends (SPEC §7 order body). */
const buySchema = cardPaymentOrderBody.extend({ product: z.literal("card", { error: "Choose a plan." }) });

/**
 * 'Buy now' without JavaScript: the API creates the order (its amount, never ours), then the
 * browser goes to the payment page: the built-in test gateway, or Razorpay's hosted checkout
 * (a form posted to Razorpay from the page below). Both post the result to our callback.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: buySchema });
  const { plans: t } = pageMessages(context, "plans");
  if (submission.status !== "success") throw await redirectWithToast(PATH, { type: "error", message: t.chooseToBuy });
  const { businessId, planId } = submission.value;
  const res = await getApi(context).call("POST /card-payment/order", { body: { businessId, planId } }, { authErrors: "return" });
  if (!res.ok) {
    // A signed-out session signs in again; any other refusal (not allowed to pay online, a retired plan) is said here.
    if (res.status === 401) throwIfAuthError(res);
    throw await redirectWithToast(PATH, { type: "error", message: res.message });
  }
  if (res.data.gateway === "test" && res.data.testCheckoutUrl) {
    const target = new URL(res.data.testCheckoutUrl, url.origin);
    target.searchParams.set("return", PATH);
    // The API's page, not a panel route: a document navigation (ADR 0037).
    throw redirectDocument(target.pathname + target.search);
  }
  const { user } = getCustomer(context);
  const plans = await getApi(context).get("GET /business/subscription-plan", { query: { businessId } });
  const hosted: HostedCheckout = {
    keyId: res.data.razorpayKeyId,
    order: res.data.order,
    merchantName: getSession(context).agency.agencyName,
    description: plans.list.find((p) => p.subscriptionPlanId === planId)?.name ?? t.subscriptionPlan,
    callbackUrl: new URL(`${RAZORPAY_CALLBACK_PATH}?return=${encodeURIComponent(PATH)}`, url.origin).href,
    cancelUrl: new URL(PATH, url.origin).href,
    prefill: { contact: user.phoneNumber ?? undefined, email: user.email ?? undefined },
  };
  return { hosted, t };
}

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, businessId, businessName, prefill } = loaderData;
  const checkout = useCustomerCheckout(plans.purchase.gateway, prefill);
  const t = loaderData.t.plans;
  if (actionData?.hosted) return <HostedCheckoutForm checkout={actionData.hosted} words={actionData.t} />;
  return (
    <section id="upgrade" aria-labelledby="plans-title" className="scroll-mt-32 space-y-4">
      <div>
        <h2 id="plans-title" className="text-lg font-semibold text-slate-900">
          {businessName ? fmt(t.plansFor, { business: businessName }) : t.plansForYourBusiness}
        </h2>
        {plans.purchase.mode === "online" ? (
          <noscript>
            <p className="mt-1 text-sm text-slate-600">{t.noscriptBuy}</p>
          </noscript>
        ) : null}
        {!businessId ? <p className="mt-1 text-sm text-slate-600">{t.addBusinessFirst}</p> : null}
      </div>
      <UpgradeContent
        data={plans}
        t={t}
        purchase={{ mode: "customer", businessId, buyAction: PATH, onBuy: checkout.buy, busyKey: checkout.busy }}
      />
      {checkout.view}
    </section>
  );
}
