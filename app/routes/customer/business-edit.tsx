import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/business-edit";
import { BUSINESS_FIELD_NAMES, updateBusinessSchema } from "#contracts/business.ts";
import { formatPhone } from "#contracts/phone.ts";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { saveBusinessDetails } from "~/lib/business.server";
import { businessEditHref, cardEditorHref } from "~/lib/business-form";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton } from "~/components/form";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { BusinessFields } from "~/components/business/business-fields";
import { CardStateBadge } from "~/components/business/card-state";
import { cardState } from "#contracts/card-state.ts";
import { parseId } from "#contracts/id.ts";

import { languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { messagesFor } from "#contracts/i18n/messages.ts";
import { cardStateLabelIn } from "#contracts/card-state.ts";
import { fmt } from "~/lib/i18n";

export const handle: PanelHandle = { title: "Edit business" };
export const meta = ({ data }: Route.MetaArgs) => [{ title: data ? fmt(data.t.businessForm.editNamed, { name: data.business.businessName }) : "Edit business" }];

// Not an id: 0, which the API answers as "no such row" (422), shown as not found.
const idOf = (raw: string) => parseId(raw) ?? 0;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const res = await getApi(context).call("GET /business/{id}", { params: { id: idOf(params.businessId) } });
  if (!res.ok) {
    throw data({ message: res.status === 422 ? pageMessages(context, "businessForm").businessForm.notFound : res.message }, { status: res.status === 422 ? 404 : res.status });
  }
  // The delete confirmation is a URL step, so it works without JavaScript.
  const { business } = res.data;
  const status = cardState({ ...business, cardStatus: business.card?.status }, new Date());
  const t = pageMessages(context, "businessForm");
  const statusLabel = cardStateLabelIn(status, messagesFor(languageOf(context), "home").home);
  return { business, status, statusLabel, t, pageTitle: t.businessForm.editBusiness, confirming: url.searchParams.get("confirm") === "delete" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = getApi(context);
  const businessId = idOf(params.businessId);
  const formData = await request.formData();
  const t = pageMessages(context, "businessForm").businessForm;

  if (formData.get("intent") === "delete") {
    const res = await api.call("DELETE /business/{id}", { params: { id: businessId } });
    if (!res.ok) {
      return { result: undefined, error: res.message };
    }
    throw await redirectWithToast(href("/panel/customer"), { type: "success", message: t.deleted });
  }

  return saveBusinessDetails(api, formData, businessId, businessEditHref(businessId), t, (r) => translateReply(context, r));
}

const PHONE_FIELDS = new Set<string>(["phoneNumber", "alternatePhoneNumber", "whatsappNumber"]);

export default function BusinessEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { business, status, confirming } = loaderData;
  const t = loaderData.t.businessForm;
  const href = businessEditHref(business.businessId);
  // Stored numbers are E.164: the form shows them the way people write them.
  const shown = (k: (typeof BUSINESS_FIELD_NAMES)[number]) => (PHONE_FIELDS.has(k) && business[k] ? formatPhone(String(business[k])) : (business[k] ?? ""));
  const defaultValue = Object.fromEntries(BUSINESS_FIELD_NAMES.map((k) => [k, shown(k)]));
  const [form, fields] = useForm({
    id: `edit-business-${business.businessId}`,
    lastResult: actionData?.result,
    defaultValue: { ...defaultValue, businessId: String(business.businessId) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateBusinessSchema }),
  });

  return (
    // Bottom room so the last buttons can scroll clear of a snackbar (it stays until dismissed without JavaScript).
    <div className="mx-auto max-w-2xl space-y-4 pb-20">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{business.businessName}</h2>
          <CardStateBadge status={status} label={loaderData.statusLabel} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {business.card ? (
            <Link to={cardEditorHref(business.businessId)} className="font-medium text-brand-dark underline">
              {t.editCard}
            </Link>
          ) : (
            <Link to={cardEditorHref(business.businessId)} className="font-medium text-brand-dark underline">
              {t.createCard}
            </Link>
          )}
        </p>
      </Card>
      <Card>
        <Form method="post" action={href} {...getFormProps(form)} noValidate className="space-y-5">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="businessId" value={business.businessId} />
          <BusinessFields fields={fields} foreign={business.user.isForeignUser} t={t} />
          <SubmitButton name="intent" value="save" pendingText={t.saving} className="sm:w-auto sm:min-w-40">
            {t.save}
          </SubmitButton>
        </Form>
      </Card>
      <Card className="ring-red-200">
        <h2 className="font-semibold text-red-800">{t.deleteTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">{t.deleteBody}</p>
        <Link
          to={`${href}?confirm=delete`}
          preventScrollReset
          className="mt-3 inline-flex w-full items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 font-semibold text-white hover:bg-red-700 sm:w-auto"
        >
          {t.deleteBusiness}
        </Link>
      </Card>
      {confirming && !actionData?.error ? (
        <ConfirmDialog
          message={fmt(business.card ? t.confirmDeleteWithCard : t.confirmDelete, { name: business.businessName })}
          words={t}
          cancelTo={href}
          action={href}
          intent="delete"
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={href} words={t} /> : null}
    </div>
  );
}
