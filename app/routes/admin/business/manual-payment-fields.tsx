import { inputClass } from "~/components/form";
import { MANUAL_PAYMENT_METHODS, PAYMENT_REFERENCE_MAX, type ManualPaymentMethod } from "#contracts/payment-texts.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

type Text = Catalogue["staffBusiness"];
const METHOD_KEY = { cash: "cash", upi: "upi", cheque: "cheque", "bank-transfer": "bankTransfer" } as const satisfies Record<ManualPaymentMethod, keyof Text>;
/** "Cash", "UPI"…: how a manual payment was made, in the page's language. */
export const methodLabel = (method: ManualPaymentMethod, t: Text) => t[METHOD_KEY[method]];

export const MANUAL_PAYMENT_FORM_ID = "manual-payment";

/**
 * How the money was collected, in the Confirm step of a manual payment (ADR 0044): the method
 * (required) and a reference (UPI transaction id, cheque number, bank reference). They belong to
 * Ok's form through `form=`, so they post with it with JavaScript off too; `manualPaymentForm`
 * checks them again in the action, whose messages come back as `errors`.
 */
export function ManualPaymentFields({
  errors,
  defaults,
  t,
}: {
  t: Text;
  errors?: Partial<Record<"paymentMethod" | "paymentReference", string[]>>;
  defaults?: { paymentMethod?: string; paymentReference?: string };
}) {
  return (
    <div className="mt-3 space-y-3">
      <label className="block">
        <span className="text-sm font-medium text-slate-700">{t.paidBy}</span>
        <select
          name="paymentMethod"
          form={MANUAL_PAYMENT_FORM_ID}
          required
          defaultValue={defaults?.paymentMethod ?? ""}
          aria-invalid={errors?.paymentMethod ? true : undefined}
          aria-describedby={errors?.paymentMethod ? "paymentMethod-error" : undefined}
          className={inputClass}
        >
          <option value="" disabled>
            {t.choose}
          </option>
          {MANUAL_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {methodLabel(m, t)}
            </option>
          ))}
        </select>
        {errors?.paymentMethod ? (
          <span id="paymentMethod-error" className="mt-1 block text-sm text-red-700">
            {errors.paymentMethod[0]}
          </span>
        ) : null}
      </label>
      <label className="block">
        <span className="text-sm font-medium text-slate-700">{t.referenceOptional}</span>
        <input
          name="paymentReference"
          form={MANUAL_PAYMENT_FORM_ID}
          maxLength={PAYMENT_REFERENCE_MAX}
          defaultValue={defaults?.paymentReference ?? ""}
          autoComplete="off"
          aria-invalid={errors?.paymentReference ? true : undefined}
          className={inputClass}
        />
        <span className="mt-1 block text-xs text-slate-500">{t.referenceHint}</span>
        {errors?.paymentReference ? <span className="mt-1 block text-sm text-red-700">{errors.paymentReference[0]}</span> : null}
      </label>
    </div>
  );
}
