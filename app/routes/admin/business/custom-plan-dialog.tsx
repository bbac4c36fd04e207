import { useId } from "react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormError, SubmitButton } from "~/components/form";
import { planFormDefaults, type PlanFormDefaults, type PlanProducts } from "#contracts/plans.ts";
import { usePlanForm } from "~/components/plan-form/use-plan-form";
import { PlanFields, type PlanText } from "~/components/plan-form/plan-fields";

export const CUSTOM_PLAN_INTENT = "custom-plan";

/**
 * 'Provide custom plan' (SPEC §2, §5): an admin defines a plan for one business. A real form:
 * Proceed posts `intent=custom-plan` to `action`, whose answer is the Confirm step; with
 * JavaScript, Conform checks on blur, again on every input once shown, and on Proceed, and
 * keeps Proceed from posting while a required field is empty.
 */
export function CustomPlanDialog({
  action,
  cancelTo,
  products,
  lastResult,
  defaultValue,
  t,
  cancelWord,
}: {
  t: PlanText;
  cancelWord: string;
  action: string;
  cancelTo: string;
  products: PlanProducts;
  lastResult?: SubmissionResult<string[]> | null;
  /** The values to start from (coming back from Confirm's Cancel keeps what was typed). */
  defaultValue?: PlanFormDefaults;
}) {
  const id = useId();
  const [form, fields] = usePlanForm("custom-plan", defaultValue && Object.keys(defaultValue).length ? defaultValue : planFormDefaults(), lastResult);
  return (
    <div className="fixed inset-0 z-[80] flex items-end justify-center bg-black/40 sm:items-center sm:p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-t`}
        // A fixed height: messages appearing inside scroll the body and never move Proceed.
        className="flex h-[92dvh] w-full max-w-lg flex-col rounded-t-2xl bg-white shadow-xl sm:h-[min(90dvh,46rem)] sm:rounded-2xl"
      >
        <h2 id={`${id}-t`} className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
          {t.customPlanTitle}
        </h2>
        <Form method="post" action={action} {...getFormProps(form)} noValidate className="flex min-h-0 flex-1 flex-col">
          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">
            <FormError id={form.errorId} errors={form.errors} />
            <PlanFields form={form} fields={fields} products={products} t={t} />
          </div>
          <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">
            <Link
              to={cancelTo}
              replace
              role="button"
              className="inline-flex min-w-20 items-center justify-center rounded-lg px-4 py-2 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {cancelWord}
            </Link>
            <SubmitButton name="intent" value={CUSTOM_PLAN_INTENT} pendingText={t.checking} className="w-auto! min-w-28">
              {t.proceed}
            </SubmitButton>
          </div>
        </Form>
      </div>
    </div>
  );
}
