import { getCollectionProps, getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { franchiseeFormSchema, type FranchiseeListItem } from "#contracts/franchisees.ts";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "#contracts/franchisee-constants.ts";
import { Card } from "~/components/panel-shell";
import { CheckboxField, ErrorList, Field, FormError, SubmitButton } from "~/components/form";

export const SAVE_INTENT = "save-staff";

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
}: {
  staff: FranchiseeListItem | null;
  isSelf: boolean;
  action: string;
  cancelTo: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
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
      <h2 className="mb-3 font-semibold text-slate-900">{staff ? `Edit ${staff.name}` : "Add a staff member"}</h2>
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        {staff ? <input type="hidden" name="franchiseeId" value={staff.franchiseeId} /> : null}
        <Field field={fields.name} label="Name" autoComplete="off" />
        <Field field={fields.phoneNumber} label="Mobile number" type="tel" inputMode="tel" hint="They sign in with this number." />
        <Field field={fields.email} label="Email (optional)" type="email" />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-700">Roles</legend>
          {roleOptions.map((props) => (
            <label key={props.key} className="flex items-center gap-3 py-1 text-sm text-slate-800">
              <input {...props} key={props.key} className="size-5 rounded border-slate-300 accent-brand" />
              {STAFF_ROLE_LABELS[props.value as keyof typeof STAFF_ROLE_LABELS]}
            </label>
          ))}
          {isSelf ? <p className="text-xs text-slate-500">You cannot remove the admin role from yourself.</p> : null}
          <ErrorList id={fields.roles.errorId} errors={fields.roles.errors} />
        </fieldset>
        <CheckboxField field={fields.configuration.getFieldset().hideBilling} label="Hide billing" />
        {staff ? (
          isSelf ? (
            <input type="hidden" name="active" value="on" />
          ) : (
            <CheckboxField field={fields.active} label="Active (unticked: signed out and unable to sign in)" />
          )
        ) : null}
        {!staff ? <p className="text-sm text-slate-600">They get an SMS: at the staff sign-in their number receives an OTP to set a password.</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={cancelTo} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Cancel
          </Link>
          <SubmitButton name="intent" value={SAVE_INTENT} pendingText="Saving…" className="w-auto! min-w-32">
            {staff ? "Save" : "Add staff member"}
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
