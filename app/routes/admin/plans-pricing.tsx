import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/plans-pricing";
import { getApi } from "~/lib/request-context.server";
import { replyWithPlanApiError } from "~/components/plan-form/api-reply.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { FormError, SubmitButton } from "~/components/form";
import { PlanFields } from "~/components/plan-form/plan-fields";
import { usePlanForm } from "~/components/plan-form/use-plan-form";
import { formatPrice } from "#contracts/format.ts";
import { planFormDefaults, planFormSchema, validityInWords, type SubscriptionPlan } from "#contracts/plans.ts";
import { frameLine, limitLines } from "~/components/upgrade/plan-words";
import { parseId } from "#contracts/id.ts";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "~/lib/i18n";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

/**
 * Customer plans & pricing management (admin menu): the agency's plans with their price,
 * validity and limits; add, edit and retire them. Editing and retiring are URL steps and the
 * form is a real form, so the page works without JavaScript (ADR 0033).
 */

export const handle: PanelHandle = { title: "Customer plans & pricing management" };
export const meta = () => [{ title: "Customer plans & pricing" }];

const PATH = href("/panel/admin/plans-pricing-management");
const SAVE_INTENT = "save-plan";
const RETIRE_INTENT = "retire-plan";
const stepHref = (step: "new" | "edit" | "retire", id?: number) => `${PATH}?${step}=${id ?? 1}`;

export async function loader({ url, context }: Route.LoaderArgs) {
  // Retired plans too: admins see what businesses may still hold.
  const res = await getApi(context).get("GET /business/subscription-plan", { query: { includeRetired: "true" } });
  // Custom plans belong to one business each: they are not the agency's price list.
  const plans = res.list.filter((p) => !p.isCustom);
  const search = url.searchParams;
  const editing = plans.find((p) => p.subscriptionPlanId === parseId(search.get("edit"))) ?? null;
  const retiring = plans.find((p) => p.isActive && p.subscriptionPlanId === parseId(search.get("retire"))) ?? null;
  // plans: a plan's lines as customers read them, in this person's language.
  const t = pageMessages(context, "staffPlans", "staffCommon", "plans", "staffValidity");
  return { t, pageTitle: t.staffPlans.title, plans, products: res.products, editing, retiring, adding: search.get("new") === "1" };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { staffPlans: t, staffCommon } = pageMessages(context, "staffPlans", "staffCommon");
  if (intent === SAVE_INTENT) {
    const submission = parseWithZod(formData, { schema: planFormSchema });
    if (submission.status !== "success") return { result: translateReply(context, submission.reply()), error: null };
    const res = await api.call("POST /business/subscription-plan", { body: submission.value });
    if (!res.ok) {
      return { result: replyWithPlanApiError(submission, res), error: null };
    }
    const message = fmt(submission.value.subscriptionPlanId ? t.saved : t.added, { name: submission.value.name });
    throw await redirectWithToast(PATH, { type: "success", message });
  }
  if (intent === RETIRE_INTENT) {
    const id = parseId(url.searchParams.get("retire"));
    if (!id) return { result: null, error: t.choosePlanFirst };
    const res = await api.call("DELETE /business/subscription-plan/{subscriptionPlanId}", { params: { subscriptionPlanId: id } });
    if (!res.ok) {
      return { result: null, error: res.message };
    }
    const message = res.data.outcome === "retired" ? t.retiredToast : t.deletedToast;
    throw await redirectWithToast(PATH, { type: "success", message });
  }
  return { result: null, error: staffCommon.unknownAction };
}

function PlanForm({
  plan,
  products,
  lastResult,
  t,
  words,
}: {
  t: Catalogue["staffPlans"];
  words: Catalogue["staffCommon"];
  plan: SubscriptionPlan | null;
  products: Route.ComponentProps["loaderData"]["products"];
  lastResult: Route.ComponentProps["actionData"] extends infer A ? (A extends { result: infer R } ? R : null) : null;
}) {
  const [form, fields] = usePlanForm(plan ? `plan-${plan.subscriptionPlanId}` : "plan-new", plan ? planFormDefaults(plan) : { ...planFormDefaults(), name: "" }, lastResult, "onSubmit");
  const action = plan ? stepHref("edit", plan.subscriptionPlanId) : stepHref("new");
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{plan ? fmt(t.editNamed, { name: plan.name }) : t.addAPlan}</h2>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <PlanFields form={form} fields={fields} products={products} t={t} />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={PATH} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            {words.cancel}
          </Link>
          <SubmitButton name="intent" value={SAVE_INTENT} pendingText={words.saving} className="w-auto! min-w-32">
            {plan ? t.savePlan : t.addPlan}
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}

export default function PlansPricing({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, products, editing, retiring, adding } = loaderData;
  const error = actionData?.error ?? null;
  const t = loaderData.t.staffPlans;
  const words = loaderData.t.staffCommon;
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      {adding || editing ? (
        <PlanForm key={editing?.subscriptionPlanId ?? "new"} plan={editing} products={products} lastResult={actionData?.result ?? null} t={t} words={words} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">{t.pitch}</p>
          <Link to={stepHref("new")} className="inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
            {t.addPlan}
          </Link>
        </div>
      )}
      {plans.length ? (
        <ul aria-label={t.plans} className="space-y-3">
          {plans.map((p) => (
            <li key={p.subscriptionPlanId}>
              <Card className={p.isActive ? "" : "bg-slate-50"}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words text-slate-900">{p.name}</h2>
                    <p className="text-sm text-slate-700">
                      {fmt(t.priceFor, { price: formatPrice(p.price), validity: validityInWords(p.validity, loaderData.t.staffValidity) })}
                    </p>
                  </div>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${p.isActive ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-300"}`}
                  >
                    {p.isActive ? t.active : t.retired}
                  </span>
                </div>
                <ul aria-label={fmt(t.includesNamed, { name: p.name })} className="mt-2 list-disc pl-5 text-sm text-slate-700">
                  {[...limitLines(p.limits, loaderData.t.plans), frameLine(p, loaderData.t.plans)].filter((line) => line !== null).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                {p.isActive ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Link to={stepHref("edit", p.subscriptionPlanId)} aria-label={fmt(t.editNamed, { name: p.name })} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
                      {t.edit}
                    </Link>
                    <Link
                      to={stepHref("retire", p.subscriptionPlanId)}
                      preventScrollReset
                      aria-label={fmt(t.retireNamed, { name: p.name })}
                      className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                    >
                      {t.retire}
                    </Link>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{t.noPlansTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.noPlansBody}</p>
        </Card>
      )}
      {retiring && !error ? (
        <ConfirmDialog
          message={fmt(t.confirmRetire, { name: retiring.name })}
          words={words}
          cancelTo={PATH}
          action={stepHref("retire", retiring.subscriptionPlanId)}
          intent={RETIRE_INTENT}
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={PATH} words={words} /> : null}
    </div>
  );
}
