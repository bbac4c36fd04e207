import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href } from "react-router";
import type { Route } from "./+types/businesses-register";
import { registerCustomerBusinessSchema } from "#contracts/staff-business.ts";
import { getApi } from "~/lib/request-context.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { NATURE_OPTIONS } from "~/lib/business-form";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { CheckboxField, Field, FormError, SelectField, SubmitButton } from "~/components/form";

/**
 * Staff register a customer (or find them: the same phone or email is the same customer) and
 * their first business, then land on that business's page. Two API calls, each safe to repeat:
 * registerUserAndGetBusinesses finds the customer the second time, POST /business returns the
 * business made seconds ago (ADR 0009), so a double submit makes one of each.
 */
export const handle: PanelHandle = { title: "Register a customer" };
export const meta = () => [{ title: "Register a customer" }];

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: registerCustomerBusinessSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  const { phoneNumber, email, isForeignUser, createDigitalCard, ...business } = submission.value;
  const api = getApi(context);
  const customer = await api.call("POST /business/registerUserAndGetBusinesses", {
    body: isForeignUser ? { email, isForeignUser: true } : { phoneNumber },
  });
  if (!customer.ok) {
    return { result: replyWithApiError(submission, customer) };
  }
  const made = await api.call("POST /business", { body: { ...business, userId: customer.data.user.userId, createDigitalCard: !!createDigitalCard } });
  if (!made.ok) {
    return { result: replyWithApiError(submission, made) };
  }
  const who = customer.data.created ? "Registered the customer and added" : "Added";
  throw await redirectWithToast(href("/panel/admin/businesses/:businessId", { businessId: String(made.data.business.businessId) }), {
    type: "success",
    message: `${who} ${made.data.business.businessName}.`,
  });
}

// Optional text fields are string | null after parsing; in the form they are strings.
const text = (f: unknown) => f as FieldMetadata<string | undefined>;

export default function RegisterCustomer({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "register-customer",
    lastResult: actionData?.result,
    defaultValue: { createDigitalCard: "on" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerCustomerBusinessSchema }),
  });
  return (
    <Card className="mx-auto max-w-2xl">
      <h2 className="font-semibold text-slate-900">A customer and their first business</h2>
      <p className="mt-1 text-sm text-slate-600">
        Customers sign in with their phone number, or with their email when they live outside India. If they are already a customer, the business is added to their account.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-5">
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">The customer</legend>
          <Field field={text(fields.phoneNumber)} label="Mobile number" type="tel" autoComplete="off" inputMode="tel" hint="10-digit Indian mobile." />
          <CheckboxField field={fields.isForeignUser} label="Lives outside India (signs in with email)" />
          <Field field={text(fields.email)} label="Email (customers outside India)" type="email" autoComplete="off" inputMode="email" />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Their business</legend>
          <Field field={fields.businessName} label="Business name" maxLength={120} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField field={text(fields.businessNature)} label="Nature of business" options={NATURE_OPTIONS} />
            <Field field={text(fields.category)} label="Category" hint="For example: Sweet shop, Dental clinic" maxLength={80} />
          </div>
          <Field field={text(fields.contactPerson)} label="Contact person" maxLength={80} />
          <CheckboxField field={fields.createDigitalCard} label="Create its digital business card now" />
        </fieldset>
        <SubmitButton pendingText="Registering…" className="sm:w-auto sm:min-w-48">
          Register
        </SubmitButton>
      </Form>
    </Card>
  );
}
