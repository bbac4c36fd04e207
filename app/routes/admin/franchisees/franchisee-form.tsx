import { getCollectionProps, getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { franchiseeFormSchema, type FranchiseeListItem } from "#contracts/franchisees.ts";
import { STAFF_ROLES, type StaffRole } from "#contracts/franchisee-constants.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { Card } from "~/components/panel-shell";
import { CheckboxField, ErrorList, Field, FormError, SubmitButton } from "~/components/form";

export const SAVE_INTENT = "save-staff";

/** A role's label in the page's language (STAFF_ROLE_LABELS holds the English). */
export const roleLabel = (t: Catalogue["staffFranchisees"], role: StaffRole) =>
  ({ admin: t.roleAdmin, creator: t.roleCreator, franchisee: t.roleFranchisee, "franchisee-with-all-card-access": t.roleFranchiseeAll })[role];

/** What the form's inputs hold. Permissions are not on the form (ADR 0044): no check reads them; saving keeps a staff member's list. */
type FormShape = {
  franchiseeId?: string;
  name: string;
  phoneNumber: string;
  email?: string;
  roles: string[];
  configuration?: { hideBilling?: boolean };
  active?: boolean;
};

/**
 * Add or edit a staff member (the Franchisee List's form): a real form posted to the page, so it
 * works without JavaScript; the contract's schema checks it in the browser and in the action.
 */
export function FranchiseeForm({
  staff,
  isSelf,
  action,
  cancelTo,
  lastResult,
  t,
  common,
}: {
  staff: FranchiseeListItem | null;
  isSelf: boolean;
  action: string;
  cancelTo: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The form's words in the page's language (ADR 0066). */
  t: Catalogue["staffFranchisees"];
  common: Catalogue["staffCommon"];
}) {
  const [form, fields] = useForm<FormShape>({
    id: staff ? `staff-${staff.franchiseeId}` : "staff-new",
    lastResult,
    defaultValue: staff
      ? {
          franchiseeId: String(staff.franchiseeId),
          name: staff.name,
          phoneNumber: staff.phoneNumber,
          email: staff.email ?? "",
          roles: staff.roles,
          configuration: { hideBilling: staff.configuration.hideBilling },
          active: staff.isActive,
        }
      : { roles: ["franchisee"] },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: franchiseeFormSchema }) as unknown as Submission<FormShape>,
  });
  const roleOptions = getCollectionProps(fields.roles, { type: "checkbox", options: [...STAFF_ROLES] });
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{staff ? fmt(t.editNamed, { name: staff.name }) : t.addTitle}</h2>
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        {staff ? <input type="hidden" name="franchiseeId" value={staff.franchiseeId} /> : null}
        <Field field={fields.name} label={t.name} autoComplete="off" />
        <Field field={fields.phoneNumber} label={t.mobile} type="tel" inputMode="tel" hint={t.mobileHint} />
        <Field field={fields.email} label={t.email} type="email" />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-700">{t.roles}</legend>
          {roleOptions.map((props) => (
            <label key={props.key} className="flex items-center gap-3 py-1 text-sm text-slate-800">
              <input {...props} key={props.key} className="size-5 rounded border-slate-300 accent-brand" />
              {roleLabel(t, props.value as StaffRole)}
            </label>
          ))}
          {isSelf ? <p className="text-xs text-slate-500">{t.selfAdmin}</p> : null}
          <ErrorList id={fields.roles.errorId} errors={fields.roles.errors} />
        </fieldset>
        <CheckboxField field={fields.configuration.getFieldset().hideBilling} label={t.hideBilling} />
        {staff ? (
          isSelf ? (
            <input type="hidden" name="active" value="on" />
          ) : (
            <CheckboxField field={fields.active} label={t.activeField} />
          )
        ) : null}
        {!staff ? <p className="text-sm text-slate-600">{t.smsNote}</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={cancelTo} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            {common.cancel}
          </Link>
          <SubmitButton name="intent" value={SAVE_INTENT} pendingText={common.saving} className="w-auto! min-w-32">
            {staff ? common.save : t.addStaff}
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
