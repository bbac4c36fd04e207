import { getCollectionProps, getFormProps, getInputProps, useForm, type FieldMetadata, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { ErrorList, Field, FormError, SubmitButton, TextAreaField } from "~/components/form";
import { Card } from "~/components/panel-shell";
import { agencyFormSchema, MADE_BY_LABELS, MADE_BY_STAFF_ROLES, MAX_GRACE_DAYS, MAX_TRIAL_DAYS, SSL_STATUS_LABELS, type AgencyFormDefaults, type SslStatus } from "#contracts/agency.ts";

/**
 * The agency management form (SPEC §3 Agency, ADR 0018): one long form in grouped sections,
 * shared by "Add agency" and an agency's page. Options under a product show while its switch is
 * on (CSS `:has`, so the same without JavaScript); PDF card plans are rows, one spare row to add one.
 */

export const SAVE_AGENCY_INTENT = "save-agency";
type Shape = z.input<typeof agencyFormSchema>;

const switchClass =
  "relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors " +
  "before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform " +
  "checked:bg-brand-dark checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** A labelled switch; `main`: the product switch whose section's options show while it is on. */
function Switch({ field, label, description, main }: { field: FieldMetadata<unknown>; label: string; description?: string; main?: boolean }) {
  const props = getInputProps(field as FieldMetadata<boolean | undefined>, { type: "checkbox" });
  return (
    <div>
      <label className="flex items-center justify-between gap-3 py-2">
        <span className="min-w-0">
          <span className="block text-sm font-medium text-slate-900">{label}</span>
          {description ? <span className="block text-xs text-slate-600">{description}</span> : null}
        </span>
        <input {...props} key={props.key} role="switch" data-main={main ? "" : undefined} className={switchClass} />
      </label>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A section of the form: a switch, and what it turns on below it (shown while it is on). */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-xl px-3 pb-3 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold text-slate-700">{title}</legend>
      {children}
    </fieldset>
  );
}
const dependent = "hidden space-y-3 border-l-2 border-slate-100 pl-3 group-has-[[data-main]:checked]/section:block";

export function AgencyForm({
  formId,
  defaultValue,
  lastResult,
  action,
  cancelTo,
  submitLabel,
}: {
  formId: string;
  defaultValue: AgencyFormDefaults;
  lastResult: SubmissionResult<string[]> | null | undefined;
  action: string;
  cancelTo: string;
  submitLabel: string;
}) {
  const [form, fields] = useForm<Shape>({
    id: formId,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: agencyFormSchema }) as unknown as Submission<Shape>,
  });
  const plans = fields.customerPlans.getFieldList();
  const madeBy = getCollectionProps(fields.allowedBusinessMadeBy as FieldMetadata<string[]>, { type: "checkbox", options: [...MADE_BY_STAFF_ROLES] });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-4">
      <FormError id={form.errorId} errors={form.errors} />
      {fields.agencyId.initialValue ? <input {...getInputProps(fields.agencyId as FieldMetadata<string>, { type: "hidden" })} /> : null}
      <Card className="space-y-4">
        <h2 className="font-semibold text-slate-900">Agency</h2>
        <Field field={fields.agencyName as FieldMetadata<string>} label="Agency name" autoComplete="organization" />
        <Field
          field={fields.host as FieldMetadata<string>}
          label="Domain"
          autoComplete="off"
          inputMode="url"
          placeholder="cards.example.com"
          hint="The address the agency's customers and staff open. After saving, point its DNS at us and check it below."
        />
        <Field
          field={fields.invitationSiteLink as FieldMetadata<string>}
          label="Invitation site link"
          type="url"
          autoComplete="off"
          placeholder="https://"
          hint="'Digital invitation card' in the menus and on the customer's home opens this. Leave empty to hide it."
        />
        <Switch field={fields.isActive} label="Agency is active" description="Switched off, its domain shows nothing and it gets no certificate." />
      </Card>

      <Card className="space-y-3">
        <h2 className="font-semibold text-slate-900">Products</h2>
        <div className="group/section">
          <Section title="Greetings">
            <Switch main field={fields.enableImagePost} label="Image posts" description="Daily greeting images with the customer's frame." />
            <div className={dependent}>
              <Switch field={fields.isVideoPostsIncluded} label="Video posts included" description="Greeting videos as well as images." />
              <Switch field={fields.allowAgencyExclusivePosts} label="Exclusive posts" description="The agency may post greetings only its customers see." />
            </div>
          </Section>
        </div>
        <div className="group/section">
          <Section title="PDF ID cards">
            <Switch main field={fields.enablePdfCardProduct} label="PDF ID card product" />
            <div className={dependent}>
              <p className="text-xs text-slate-600">Customer plans, priced per PDF. The first one is the single PDF card customers buy. Leave a row empty to skip it.</p>
              <ul className="space-y-2" aria-label="PDF card plans">
                {plans.map((row, i) => {
                  const plan = row.getFieldset();
                  return (
                    <li key={row.key}>
                      <input {...getInputProps(plan.id as FieldMetadata<string>, { type: "hidden" })} />
                      <Field
                        field={plan.price as FieldMetadata<string>}
                        label={plan.id.initialValue ? `Plan ${i + 1} price (₹), id ${plan.id.initialValue}` : `New plan price (₹)`}
                        inputMode="decimal"
                        autoComplete="off"
                      />
                    </li>
                  );
                })}
              </ul>
              <ErrorList id={fields.customerPlans.errorId} errors={fields.customerPlans.errors} />
            </div>
          </Section>
        </div>
        <div className="group/section">
          <Section title="Promotional videos">
            <Switch main field={fields.enableVideo} label="Promotional video product" />
            <div className={dependent}>
              <Field field={fields.pricePerVideo as FieldMetadata<string>} label="Price per video (₹)" inputMode="decimal" autoComplete="off" />
            </div>
          </Section>
        </div>
      </Card>

      <Card className="space-y-3">
        <h2 className="font-semibold text-slate-900">Payments and customers</h2>
        <Switch field={fields.enablePaymentIntegration} label="Online payment" description="Customers pay for plans themselves (Razorpay). Off: they are asked to contact the admin." />
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Customers also pay online for businesses made by</legend>
          <p className="text-xs text-slate-600">Businesses customers made themselves can always be paid online.</p>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {madeBy.map((props) => (
              <label key={props.key} className="flex items-center gap-3 py-1 text-sm text-slate-800">
                <input {...props} key={props.key} className="size-5 rounded border-slate-300 accent-brand" />
                {MADE_BY_LABELS[props.value as keyof typeof MADE_BY_LABELS]}
              </label>
            ))}
          </div>
          <ErrorList id={fields.allowedBusinessMadeBy.errorId} errors={fields.allowedBusinessMadeBy.errors} />
        </fieldset>
        <Field
          field={fields.trialDays as FieldMetadata<string>}
          label="Trial days"
          type="number"
          min={0}
          max={MAX_TRIAL_DAYS}
          step={1}
          inputMode="numeric"
          hint="How long a new business's card is public before its first payment."
        />
        <Switch
          field={fields.showInvitationTileInCustomerDashboard}
          label="Invitation tile on the customer's home"
          description="Shown only when the invitation site link is set."
        />
      </Card>

      <Card className="space-y-3">
        <h2 className="font-semibold text-slate-900">Billing</h2>
        <p className="text-xs text-slate-600">What the platform bills this agency each month. A price of 0 charges nothing.</p>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field field={fields.perCardPrice as FieldMetadata<string>} label="Price per card (₹)" inputMode="decimal" autoComplete="off" hint="Each card paid or renewed in the month." />
          <Field field={fields.annualFee as FieldMetadata<string>} label="Annual fee (₹)" inputMode="decimal" autoComplete="off" />
          <Field field={fields.imageServiceMonthlyFee as FieldMetadata<string>} label="Greeting images, monthly fee (₹)" inputMode="decimal" autoComplete="off" />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field field={fields.gstPercent as FieldMetadata<string>} label="GST (%)" type="number" min={0} max={100} step={1} inputMode="numeric" />
          <Field
            field={fields.graceDays as FieldMetadata<string>}
            label="Grace days"
            type="number"
            min={0}
            max={MAX_GRACE_DAYS}
            step={1}
            inputMode="numeric"
            hint="Days after the month's end before a bill is overdue."
          />
        </div>
        <TextAreaField
          field={fields.offlineInstructions as FieldMetadata<string | undefined>}
          label="Offline payment instructions"
          hint="Bank account or UPI, shown on the agency's Billing page. Leave empty for none."
        />
      </Card>

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
          Cancel
        </Link>
        <SubmitButton name="intent" value={SAVE_AGENCY_INTENT} pendingText="Saving…" className="w-auto! min-w-32">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

const badge: Record<SslStatus, string> = {
  none: "bg-slate-100 text-slate-700 ring-slate-300",
  pending_dns: "bg-amber-50 text-amber-800 ring-amber-200",
  verifying: "bg-sky-50 text-sky-800 ring-sky-200",
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

/** The custom domain's HTTPS state as a badge (list and agency page). */
export function SslBadge({ status }: { status: SslStatus }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${badge[status]}`}>HTTPS: {SSL_STATUS_LABELS[status]}</span>;
}
