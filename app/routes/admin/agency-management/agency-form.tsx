import { getCollectionProps, getFormProps, getInputProps, useForm, type FieldMetadata, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { ErrorList, Field, FormError, SubmitButton, TextAreaField } from "~/components/form";
import { Card } from "~/components/panel-shell";
import { agencyFormSchema, MADE_BY_STAFF_ROLES, MAX_GRACE_DAYS, MAX_TRIAL_DAYS, type AgencyFormDefaults, type MadeByStaffRole, type SslStatus } from "#contracts/agency.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { speaking } from "~/lib/form-words";

/**
 * The agency management form (SPEC §3 Agency, ADR 0018): one long form in grouped sections,
 * shared by "Add agency" and an agency's page. Options under a product show while its switch is
 * on (CSS `:has`, so the same without JavaScript); PDF card plans are rows, one spare row to add one.
 */

export const SAVE_AGENCY_INTENT = "save-agency";
type T = Catalogue["staffAgencies"];

/** A staff role's plural in the page's language (MADE_BY_LABELS holds the English). */
const madeByLabel = (t: T, role: MadeByStaffRole) =>
  ({ admin: t.madeByAdmin, creator: t.madeByCreator, franchisee: t.madeByFranchisee, "franchisee-with-all-card-access": t.madeByFranchiseeAll })[role];

/** The HTTPS state's label in the page's language (SSL_STATUS_LABELS holds the English). */
export const sslLabel = (t: T, status: SslStatus) =>
  ({ none: t.sslNone, pending_dns: t.sslPendingDns, verifying: t.sslVerifying, active: t.sslActive, failed: t.sslFailed })[status];
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
  t,
  common,
  errorWords,
}: {
  formId: string;
  defaultValue: AgencyFormDefaults;
  lastResult: SubmissionResult<string[]> | null | undefined;
  action: string;
  cancelTo: string;
  submitLabel: string;
  /** The form's words in the page's language (ADR 0066). */
  t: T;
  common: Catalogue["staffCommon"];
  /** The schema's messages in the page's language, for the check in the browser. */
  errorWords: Record<string, string>;
}) {
  const [form, fields] = useForm<Shape>({
    id: formId,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => speaking(parseWithZod(formData, { schema: agencyFormSchema }) as unknown as Submission<Shape>, errorWords),
  });
  const plans = fields.customerPlans.getFieldList();
  const madeBy = getCollectionProps(fields.allowedBusinessMadeBy as FieldMetadata<string[]>, { type: "checkbox", options: [...MADE_BY_STAFF_ROLES] });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-4">
      <FormError id={form.errorId} errors={form.errors} />
      {fields.agencyId.initialValue ? <input {...getInputProps(fields.agencyId as FieldMetadata<string>, { type: "hidden" })} /> : null}
      <Card className="space-y-4">
        <h2 className="font-semibold text-slate-900">{t.agencyTitle}</h2>
        <Field field={fields.agencyName as FieldMetadata<string>} label={t.agencyName} autoComplete="organization" />
        <Field
          field={fields.host as FieldMetadata<string>}
          label={t.domain}
          autoComplete="off"
          inputMode="url"
          placeholder="cards.example.com"
          hint={t.domainHint}
        />
        <Field
          field={fields.invitationSiteLink as FieldMetadata<string>}
          label={t.invitationLink}
          type="url"
          autoComplete="off"
          placeholder="https://"
          hint={t.invitationHint}
        />
        <Switch field={fields.isActive} label={t.isActive} description={t.isActiveHint} />
      </Card>

      <Card className="space-y-3">
        <h2 className="font-semibold text-slate-900">{t.products}</h2>
        <div className="group/section">
          <Section title={t.greetings}>
            <Switch main field={fields.enableImagePost} label={t.imagePosts} description={t.imagePostsHint} />
            <div className={dependent}>
              <Switch field={fields.isVideoPostsIncluded} label={t.videoPosts} description={t.videoPostsHint} />
              <Switch field={fields.allowAgencyExclusivePosts} label={t.exclusivePosts} description={t.exclusivePostsHint} />
            </div>
          </Section>
        </div>
        <div className="group/section">
          <Section title={t.pdfCards}>
            <Switch main field={fields.enablePdfCardProduct} label={t.pdfProduct} />
            <div className={dependent}>
              <p className="text-xs text-slate-600">{t.pdfPlansIntro}</p>
              <ul className="space-y-2" aria-label={t.pdfPlans}>
                {plans.map((row, i) => {
                  const plan = row.getFieldset();
                  return (
                    <li key={row.key}>
                      <input {...getInputProps(plan.id as FieldMetadata<string>, { type: "hidden" })} />
                      <Field
                        field={plan.price as FieldMetadata<string>}
                        label={plan.id.initialValue ? fmt(t.planPrice, { n: i + 1, id: plan.id.initialValue }) : t.newPlanPrice}
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
          <Section title={t.promoVideos}>
            <Switch main field={fields.enableVideo} label={t.videoProduct} />
            <div className={dependent}>
              <Field field={fields.pricePerVideo as FieldMetadata<string>} label={t.pricePerVideo} inputMode="decimal" autoComplete="off" />
            </div>
          </Section>
        </div>
      </Card>

      <Card className="space-y-3">
        <h2 className="font-semibold text-slate-900">{t.paymentsAndCustomers}</h2>
        <Switch field={fields.enablePaymentIntegration} label={t.onlinePayment} description={t.onlinePaymentHint} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">{t.madeBy}</legend>
          <p className="text-xs text-slate-600">{t.madeByHint}</p>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {madeBy.map((props) => (
              <label key={props.key} className="flex items-center gap-3 py-1 text-sm text-slate-800">
                <input {...props} key={props.key} className="size-5 rounded border-slate-300 accent-brand" />
                {madeByLabel(t, props.value as MadeByStaffRole)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.allowedBusinessMadeBy.errorId} errors={fields.allowedBusinessMadeBy.errors} />
        </fieldset>
        <Field
          field={fields.trialDays as FieldMetadata<string>}
          label={t.trialDays}
          type="number"
          min={0}
          max={MAX_TRIAL_DAYS}
          step={1}
          inputMode="numeric"
          hint={t.trialDaysHint}
        />
        <Switch
          field={fields.showInvitationTileInCustomerDashboard}
          label={t.invitationTile}
          description={t.invitationTileHint}
        />
      </Card>

      <Card className="space-y-3">
        <h2 className="font-semibold text-slate-900">{t.billingTitle}</h2>
        <p className="text-xs text-slate-600">{t.billingIntro}</p>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field field={fields.perCardPrice as FieldMetadata<string>} label={t.perCardPrice} inputMode="decimal" autoComplete="off" hint={t.perCardHint} />
          <Field field={fields.annualFee as FieldMetadata<string>} label={t.annualFee} inputMode="decimal" autoComplete="off" />
          <Field field={fields.imageServiceMonthlyFee as FieldMetadata<string>} label={t.imageFee} inputMode="decimal" autoComplete="off" />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field field={fields.gstPercent as FieldMetadata<string>} label={t.gst} type="number" min={0} max={100} step={1} inputMode="numeric" />
          <Field
            field={fields.graceDays as FieldMetadata<string>}
            label={t.graceDays}
            type="number"
            min={0}
            max={MAX_GRACE_DAYS}
            step={1}
            inputMode="numeric"
            hint={t.graceDaysHint}
          />
        </div>
        <TextAreaField
          field={fields.offlineInstructions as FieldMetadata<string | undefined>}
          label={t.offlineInstructions}
          hint={t.offlineHint}
        />
      </Card>

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
          {common.cancel}
        </Link>
        <SubmitButton name="intent" value={SAVE_AGENCY_INTENT} pendingText={common.saving} className="w-auto! min-w-32">
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
export function SslBadge({ status, t }: { status: SslStatus; t: T }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${badge[status]}`}>{fmt(t.https, { status: sslLabel(t, status) })}</span>;
}
