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
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "~/lib/i18n";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import type { BusinessNature } from "#contracts/enums.ts";
import { NATURE_KEYS } from "~/components/business/business-fields";

/**
 * Staff register a customer (or find them: the same phone or email is the same customer) and
 * their first business, then land on that business's page. Two API calls, each safe to repeat:
 * registerUserAndGetBusinesses finds the customer the second time, POST /business returns the
 * business made seconds ago (ADR 0009), so a double submit makes one of each.
 */
export const handle: PanelHandle = { title: "Register a customer" };
export const meta = () => [{ title: "Register a customer" }];

export function loader({ context }: Route.LoaderArgs) {
  // The business fields' words are the customer's add form's (businessForm).
  const t = pageMessages(context, "staffBusinesses", "businessForm");
  return { t, pageTitle: t.staffBusinesses.registerCustomer };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: registerCustomerBusinessSchema });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()) };
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
  const t = pageMessages(context, "staffBusinesses").staffBusinesses;
  throw await redirectWithToast(href("/panel/admin/businesses/:businessId", { businessId: String(made.data.business.businessId) }), {
    type: "success",
    message: fmt(customer.data.created ? t.registeredAndAdded : t.added, { name: made.data.business.businessName }),
  });
}

// Optional text fields are string | null after parsing; in the form they are strings.
const text = (f: unknown) => f as FieldMetadata<string | undefined>;

/** Each business nature in the page's language (the value posted stays the API's English). */
const natureLabel = (value: string, t: Catalogue["businessForm"]) => (value === "" ? t.choose : t[NATURE_KEYS[value as BusinessNature]]);

export default function RegisterCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.staffBusinesses;
  const b = loaderData.t.businessForm;
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
      <h2 className="font-semibold text-slate-900">{t.registerHeading}</h2>
      <p className="mt-1 text-sm text-slate-600">{t.registerPitch}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-5">
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">{t.theCustomer}</legend>
          <Field field={text(fields.phoneNumber)} label={t.mobileNumber} type="tel" autoComplete="off" inputMode="tel" hint={t.mobileHint} />
          <CheckboxField field={fields.isForeignUser} label={t.livesAbroad} />
          <Field field={text(fields.email)} label={t.emailAbroad} type="email" autoComplete="off" inputMode="email" />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">{t.theirBusiness}</legend>
          <Field field={fields.businessName} label={b.businessName} maxLength={120} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField field={text(fields.businessNature)} label={b.natureOfBusiness} options={NATURE_OPTIONS.map((o) => ({ ...o, label: natureLabel(o.value, b) }))} />
            <Field field={text(fields.category)} label={b.category} hint={b.categoryHint} maxLength={80} />
          </div>
          <Field field={text(fields.contactPerson)} label={b.contactPerson} maxLength={80} />
          <CheckboxField field={fields.createDigitalCard} label={t.createCardNow} />
        </fieldset>
        <SubmitButton pendingText={t.registering} className="sm:w-auto sm:min-w-48">
          {t.register}
        </SubmitButton>
      </Form>
    </Card>
  );
}
