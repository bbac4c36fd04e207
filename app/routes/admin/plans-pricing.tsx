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
  return { plans, products: res.products, editing, retiring, adding: search.get("new") === "1" };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === SAVE_INTENT) {
    const submission = parseWithZod(formData, { schema: planFormSchema });
    if (submission.status !== "success") return { result: submission.reply(), error: null };
    const res = await api.call("POST /business/subscription-plan", { body: submission.value });
    if (!res.ok) {
      return { result: replyWithPlanApiError(submission, res), error: null };
    }
    const message = submission.value.subscriptionPlanId ? `${submission.value.name} saved.` : `${submission.value.name} added.`;
    throw await redirectWithToast(PATH, { type: "success", message });
  }
  if (intent === RETIRE_INTENT) {
    const id = parseId(url.searchParams.get("retire"));
    if (!id) return { result: null, error: "Choose a plan first." };
    const res = await api.call("DELETE /business/subscription-plan/{subscriptionPlanId}", { params: { subscriptionPlanId: id } });
    if (!res.ok) {
      return { result: null, error: res.message };
    }
    const message =
      res.data.outcome === "retired" ? "The plan was retired: customers no longer see it; businesses that bought it keep it." : "The plan was deleted: nobody had bought it.";
    throw await redirectWithToast(PATH, { type: "success", message });
  }
  return { result: null, error: "Unknown action." };
}

function PlanForm({
  plan,
  products,
  lastResult,
}: {
  plan: SubscriptionPlan | null;
  products: Route.ComponentProps["loaderData"]["products"];
  lastResult: Route.ComponentProps["actionData"] extends infer A ? (A extends { result: infer R } ? R : null) : null;
}) {
  const [form, fields] = usePlanForm(plan ? `plan-${plan.subscriptionPlanId}` : "plan-new", plan ? planFormDefaults(plan) : { ...planFormDefaults(), name: "" }, lastResult, "onSubmit");
  const action = plan ? stepHref("edit", plan.subscriptionPlanId) : stepHref("new");
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{plan ? `Edit ${plan.name}` : "Add a plan"}</h2>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <PlanFields form={form} fields={fields} products={products} />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={PATH} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Cancel
          </Link>
          <SubmitButton name="intent" value={SAVE_INTENT} pendingText="Saving…" className="w-auto! min-w-32">
            {plan ? "Save plan" : "Add plan"}
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}

export default function PlansPricing({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, products, editing, retiring, adding } = loaderData;
  const error = actionData?.error ?? null;
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      {adding || editing ? (
        <PlanForm key={editing?.subscriptionPlanId ?? "new"} plan={editing} products={products} lastResult={actionData?.result ?? null} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">The plans your customers can buy, in the order they see them.</p>
          <Link to={stepHref("new")} className="inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
            Add plan
          </Link>
        </div>
      )}
      {plans.length ? (
        <ul aria-label="Plans" className="space-y-3">
          {plans.map((p) => (
            <li key={p.subscriptionPlanId}>
              <Card className={p.isActive ? "" : "bg-slate-50"}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words text-slate-900">{p.name}</h2>
                    <p className="text-sm text-slate-700">
                      {formatPrice(p.price)} for {validityInWords(p.validity)}
                    </p>
                  </div>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${p.isActive ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-300"}`}
                  >
                    {p.isActive ? "Active" : "Retired"}
                  </span>
                </div>
                <ul aria-label={`${p.name} includes`} className="mt-2 list-disc pl-5 text-sm text-slate-700">
                  {[...limitLines(p.limits), frameLine(p)].filter((line) => line !== null).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                {p.isActive ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Link to={stepHref("edit", p.subscriptionPlanId)} aria-label={`Edit ${p.name}`} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
                      Edit
                    </Link>
                    <Link
                      to={stepHref("retire", p.subscriptionPlanId)}
                      preventScrollReset
                      aria-label={`Retire ${p.name}`}
                      className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                    >
                      Retire
                    </Link>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">No plans yet</h2>
          <p className="mt-1 text-sm text-slate-600">Customers cannot buy a plan until you add one. Add your first plan to start taking payments.</p>
        </Card>
      )}
      {retiring && !error ? (
        <ConfirmDialog
          message={`Retire ${retiring.name}? Customers will no longer see it. Businesses that bought it keep it until it expires; a plan nobody bought is deleted.`}
          cancelTo={PATH}
          action={stepHref("retire", retiring.subscriptionPlanId)}
          intent={RETIRE_INTENT}
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={PATH} /> : null}
    </div>
  );
}
