import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { replyWithPlanApiError } from "~/components/plan-form/api-reply.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { CardStateBadge } from "~/components/business/card-state";
import { CustomPlanDialog, CUSTOM_PLAN_INTENT } from "./custom-plan-dialog";
import { cardState, cardStateLabelIn } from "#contracts/card-state.ts";
import { languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { messagesFor } from "#contracts/i18n/messages.ts";
import { fmt, useShellText } from "~/lib/i18n";
import { methodLabel } from "./manual-payment-fields";
import { formatPrice } from "#contracts/format.ts";
import { CUSTOM_PLAN, planFormSchema, validityInWords, type PlanFormDefaults } from "#contracts/plans.ts";
import { limitLines } from "~/components/upgrade/plan-words";
import { UPGRADE_HASH } from "~/components/upgrade/use-upgrade-hash";
import { useHydrated } from "~/lib/use-hydrated";
import { PAYMENT_TEXTS } from "#contracts/payments.ts";
import { businessPageHref } from "./links";
import { dateOrDash } from "#contracts/format.ts";
import { PaymentsTable } from "./payments-table";
import { AdminUpgrade } from "./admin-upgrade";
import { businessEditStepHref } from "~/components/staff/business-steps";
import { parseId } from "#contracts/id.ts";
import { editorHref, STAFF_EDITOR_BASE } from "~/lib/card-editor-links";
import { manualPaymentForm, manualPaymentRecorded } from "#contracts/payments.ts";
import { ManualPaymentFields, MANUAL_PAYMENT_FORM_ID } from "./manual-payment-fields";

/**
 * Staff page of one business (issue 8): its details, its one state, its plan and expiry, its
 * card payments. Staff record a manual payment (a plan, or a custom plan) after Confirm, from
 * the page's plan list or #upgrade; admins delete a payment (reversing what it granted) after
 * Confirm. Every dialog is a URL step or a posted form, so all of it works without JavaScript
 * (ADR 0033).
 */

export const handle: PanelHandle = { title: "Business" };
export const meta = ({ data }: Route.MetaArgs) => [{ title: data ? data.business.businessName : "Business" }];

const PAY_INTENT = "manual-payment";
const CUSTOM_PAY_INTENT = "custom-plan-pay";
const DELETE_INTENT = "delete-payment";

const NOT_PLAN_FIELDS = new Set(["intent", "custom", "paymentMethod", "paymentReference"]);

/** The custom plan form's raw values from a query string or a posted form (strings only). */
function planFormValues(source: URLSearchParams | FormData): PlanFormDefaults {
  const values: PlanFormDefaults = {};
  for (const [name, value] of source.entries()) {
    if (typeof value === "string" && !NOT_PLAN_FIELDS.has(name)) values[name] = value;
  }
  return values;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const businessId = parseId(params.businessId);
  const api = getApi(context);
  const lang = languageOf(context);
  // plans: the plan lines and the #upgrade dialog, as customers read them, in this person's language.
  const t = pageMessages(context, "staffBusiness", "staffCommon", "staffPlans", "plans", "staffValidity");
  const res = businessId ? await api.call("GET /business/{id}", { params: { id: businessId } }) : null;
  if (!res?.ok) {
    // Another agency's business, or one this person may not see, does not exist for them.
    if (!res || res.status === 404 || res.status === 422) throw data({ message: t.staffCommon.businessNotFound }, { status: 404 });
    throw data({ message: res.message }, { status: res.status });
  }
  const { business } = res.data;
  const [plans, payments, lastActive] = await Promise.all([
    api.get("GET /business/subscription-plan", { query: { businessId: business.businessId } }),
    api.get("GET /card-payment", { query: { businessId: business.businessId } }),
    api.get("GET /card-payment/last-active", { query: { businessId: business.businessId } }),
  ]);
  // Any staff member who sees the business records cash or UPI; deleting a payment is for
  // whom the API says may reverse one.
  const mayReverse = payments.allowed.reverse;
  const search = url.searchParams;
  // The agency's active plans and this business's own custom plan (renewing it is choosing it
  // again): without includeRetired the API lists only those.
  const offered = plans.list;
  const paying = offered.find((p) => p.subscriptionPlanId === parseId(search.get("pay"))) ?? null;
  const deleting = mayReverse ? (payments.list.find((p) => p.recordNo === parseId(search.get("deletePayment"))) ?? null) : null;
  const status = cardState({ ...business, cardStatus: business.card?.status }, new Date());
  return {
    t,
    lang,
    pageTitle: t.staffBusiness.title,
    business,
    status,
    // The card states' words are the customer home's; only the label itself is sent.
    statusLabel: cardStateLabelIn(status, messagesFor(lang, "home").home),
    mayReverse,
    plans: offered,
    products: plans.products,
    // What #upgrade shows: the same answer, the dialog's carousel.
    upgrade: plans,
    payments: payments.list,
    currentPlan: lastActive.payment?.planName ?? null,
    paying,
    deleting,
    custom: search.get("custom") === "1" ? planFormValues(search) : null,
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const businessId = parseId(params.businessId);
  const lang = languageOf(context);
  const { staffBusiness: t, staffCommon } = pageMessages(context, "staffBusiness", "staffCommon");
  if (!businessId) throw data({ message: staffCommon.businessNotFound }, { status: 404 });
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const page = businessPageHref(businessId);

  if (intent === PAY_INTENT) {
    const planId = parseId(url.searchParams.get("pay"));
    const paymentAmount = parseId(String(formData.get("paymentAmount") ?? "")) ?? undefined;
    if (!planId) return { error: t.choosePlanFirst };
    const how = parseWithZod(formData, { schema: manualPaymentForm });
    if (how.status !== "success") return { paymentErrors: how.error ?? {} };
    const res = await api.call("POST /card-payment", { body: { businessId, planId, isManualUpdate: true, paymentAmount, ...how.value } });
    if (!res.ok) {
      return { error: res.message };
    }
    const planName = String(formData.get("planName") ?? t.thePlan);
    const amount = formatPrice(paymentAmount ?? 0);
    const message =
      lang === "en"
        ? manualPaymentRecorded({ amount, method: how.value.paymentMethod, planName })
        : fmt(t.paymentRecorded, { amount, method: methodLabel(how.value.paymentMethod, t), plan: planName });
    throw await redirectWithToast(page, { type: "success", message });
  }

  if (intent === CUSTOM_PLAN_INTENT || intent === CUSTOM_PAY_INTENT) {
    const submission = parseWithZod(formData, { schema: planFormSchema });
    if (submission.status !== "success") return { customResult: translateReply(context, submission.reply()) };
    const values = planFormValues(formData);
    // Proceed → the Confirm step, carrying what was typed; Ok posts it again and it is recorded.
    if (intent === CUSTOM_PLAN_INTENT) return { confirmCustom: { values, plan: submission.value } };
    const how = parseWithZod(formData, { schema: manualPaymentForm });
    if (how.status !== "success") return { confirmCustom: { values, plan: submission.value }, paymentErrors: how.error ?? {} };
    const { name, price, validity, limits, frameVisibility } = submission.value;
    const res = await api.call("POST /card-payment", {
      body: { businessId, planId: CUSTOM_PLAN, isManualUpdate: true, paymentAmount: price, customPlan: { name, price, validity, limits, frameVisibility }, ...how.value },
    });
    if (!res.ok) {
      return { customResult: replyWithPlanApiError(submission, res) };
    }
    throw await redirectWithToast(page, { type: "success", message: PAYMENT_TEXTS.success });
  }

  if (intent === DELETE_INTENT) {
    const recordNo = parseId(url.searchParams.get("deletePayment"));
    if (!recordNo) return { error: t.choosePaymentFirst };
    const res = await api.call("DELETE /card-payment", { query: { recordNo } });
    if (!res.ok) {
      return { error: res.message };
    }
    throw await redirectWithToast(page, { type: "success", message: t.paymentDeleted });
  }
  return { error: staffCommon.unknownAction };
}

const buttonClass = "inline-flex items-center justify-center rounded-lg bg-brand-dark px-3 py-2 text-sm font-semibold text-white hover:bg-brand-darker";

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="truncate text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export default function AdminBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const { business, status, mayReverse, plans, products, upgrade, payments, currentPlan, paying, deleting, custom } = loaderData;
  const hydrated = useHydrated();
  const page = businessPageHref(business.businessId);
  const error = actionData && "error" in actionData ? actionData.error : null;
  const customResult = actionData && "customResult" in actionData ? actionData.customResult : null;
  const confirmCustom = actionData && "confirmCustom" in actionData ? actionData.confirmCustom : null;
  const paymentErrors = actionData && "paymentErrors" in actionData ? actionData.paymentErrors : undefined;
  const owner = business.user.isForeignUser ? business.user.email : business.user.phoneNumber;
  const t = loaderData.t.staffBusiness;
  const words = loaderData.t.staffCommon;
  const lang = loaderData.lang;
  const shell = useShellText();

  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold break-words text-slate-900">{business.businessName}</h2>
            {business.category ? <p className="text-sm text-slate-600">{business.category}</p> : null}
          </div>
          <CardStateBadge status={status} label={loaderData.statusLabel} />
        </div>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Detail label={t.plan}>{currentPlan ?? (status.paid ? t.paid : t.noPlanYet)}</Detail>
          <Detail label={status.paid ? t.expires : t.trialEnds}>{dateOrDash(business.expiryDateForCustomer, lang)}</Detail>
          <Detail label={t.owner}>{owner ?? "—"}</Detail>
          <Detail label={t.contactPerson}>{business.contactPerson ?? "—"}</Detail>
          <Detail label={t.phone}>{business.phoneNumber ?? "—"}</Detail>
          <Detail label={t.email}>{business.email ?? "—"}</Detail>
          <Detail label={t.madeBy}>{business.businessMadeBy}</Detail>
          <Detail label={t.created}>{dateOrDash(business.createdAt, lang)}</Detail>
          <Detail label={t.digitalCard}>
            {business.card ? (
              <a href={`/${business.card.cardId}`} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-dark underline">
                /{business.card.cardId}
                <span className="sr-only"> {shell.opensInNewTab}</span>
              </a>
            ) : (
              t.noneYet
            )}
          </Detail>
        </dl>
        <Link to={businessEditStepHref(business.businessId)} className="mt-3 inline-block text-sm font-medium text-brand-dark underline">
          {t.editCloneDelete}
        </Link>
        {/* The same card editor the customer uses (ADR 0049). */}
        <Link to={editorHref("", business.businessId, STAFF_EDITOR_BASE)} className="mt-3 ml-4 inline-block text-sm font-medium text-brand-dark underline">
          {t.editCard}
        </Link>
      </Card>

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold text-slate-900">{t.recordPayment}</h2>
          {/* The dialog needs JavaScript; without it the list below is the way. */}
          {hydrated ? (
            <a href={UPGRADE_HASH} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
              {t.openPlans}
            </a>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {t.recordPitch}
        </p>
        <ul aria-label={t.plans} className="mt-3 divide-y divide-slate-100">
          {plans.map((p) => (
            <li key={p.subscriptionPlanId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {p.name} · {formatPrice(p.price)} · {validityInWords(p.validity, loaderData.t.staffValidity)}
                </p>
                <p className="text-sm text-slate-600">{limitLines(p.limits, loaderData.t.plans).join(", ")}</p>
              </div>
              <Link to={businessPageHref(business.businessId, { pay: p.subscriptionPlanId })} preventScrollReset aria-label={fmt(t.selectPlanNamed, { plan: p.name })} className={buttonClass}>
                {t.selectPlan}
              </Link>
            </li>
          ))}
          <li className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{t.customPlan}</p>
              <p className="text-sm text-slate-600">{t.customPlanPitch}</p>
            </div>
            <Link to={businessPageHref(business.businessId, { custom: true })} preventScrollReset className={buttonClass}>
              {t.provideCustomPlan}
            </Link>
          </li>
        </ul>
        {plans.length ? null : <p className="text-sm text-slate-600">{t.noPlans}</p>}
      </Card>

      <Card>
        <h2 className="font-semibold text-slate-900">{t.payments}</h2>
        <PaymentsTable t={t} lang={lang} payments={payments} deleteHref={mayReverse ? (recordNo) => businessPageHref(business.businessId, { deletePayment: recordNo }) : undefined} />
      </Card>

      {paying && !error ? (
        <ConfirmDialog
          message={
            <>
              <p>{fmt(t.confirmPay, { amount: formatPrice(paying.price), plan: paying.name, validity: validityInWords(paying.validity, loaderData.t.staffValidity), business: business.businessName })}</p>
              <ManualPaymentFields errors={paymentErrors} t={t} />
            </>
          }
          cancelTo={page}
          words={words}
          action={businessPageHref(business.businessId, { pay: paying.subscriptionPlanId })}
          intent={PAY_INTENT}
          formId={MANUAL_PAYMENT_FORM_ID}
          fields={{ paymentAmount: String(paying.price), planName: paying.name }}
        />
      ) : null}
      {custom && !confirmCustom ? (
        <CustomPlanDialog t={loaderData.t.staffPlans} cancelWord={words.cancel} action={businessPageHref(business.businessId, { custom: true })} cancelTo={page} products={products} lastResult={customResult} defaultValue={custom} />
      ) : null}
      {confirmCustom ? (
        <ConfirmDialog
          message={
            <>
              <p>
                {fmt(t.confirmPayCustom, {
                  amount: formatPrice(confirmCustom.plan.price),
                  plan: confirmCustom.plan.name,
                  validity: validityInWords(confirmCustom.plan.validity, loaderData.t.staffValidity),
                  limits: limitLines(confirmCustom.plan.limits, loaderData.t.plans).join(", "),
                  business: business.businessName,
                })}
              </p>
              <ManualPaymentFields errors={paymentErrors} t={t} />
            </>
          }
          formId={MANUAL_PAYMENT_FORM_ID}
          words={words}
          cancelTo={businessPageHref(business.businessId, { custom: true, values: confirmCustom.values })}
          action={businessPageHref(business.businessId, { custom: true })}
          intent={CUSTOM_PAY_INTENT}
          fields={confirmCustom.values}
        />
      ) : null}
      {deleting && !error ? (
        <ConfirmDialog
          message={fmt(deleting.isManualUpdate ? t.confirmDeleteManual : t.confirmDeleteOnline, {
            amount: formatPrice(deleting.amount),
            plan: deleting.planName ?? t.aPlan,
            state: loaderData.statusLabel,
          })}
          words={words}
          cancelTo={page}
          action={businessPageHref(business.businessId, { deletePayment: deleting.recordNo })}
          intent={DELETE_INTENT}
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={page} words={words} /> : null}
      <AdminUpgrade businessId={business.businessId} plans={upgrade} t={loaderData.t.plans} />
    </div>
  );
}
