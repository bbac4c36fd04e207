import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/businesses-edit";
import { BUSINESS_FIELD_NAMES, updateBusinessSchema } from "#contracts/business.ts";
import { formatPhone } from "#contracts/phone.ts";
import { cardState, cardStateLabelIn } from "#contracts/card-state.ts";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { saveBusinessDetails } from "~/lib/business.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton } from "~/components/form";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { BusinessFields } from "~/components/business/business-fields";
import { languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { messagesFor } from "#contracts/i18n/messages.ts";
import { fmt } from "~/lib/i18n";
import { CardStateBadge } from "~/components/business/card-state";
import { businessEditStepHref } from "~/components/staff/business-steps";
import { businessesHref } from "~/components/staff/businesses-href";
import { parseId } from "#contracts/id.ts";

/**
 * Staff edit a business (the customer's form and POST /business/updateBusinessMetadata), clone
 * it (POST /business/cloneBusiness) or delete it (DELETE /business/{id}, admins), each after a
 * Confirm step in the URL, so all of it works without JavaScript.
 */
export const handle: PanelHandle = { title: "Edit business" };
export const meta = ({ data }: Route.MetaArgs) => [{ title: data ? `Edit ${data.business.businessName}` : "Edit business" }];

const businessPage = (id: number) => href("/panel/admin/businesses/:businessId", { businessId: String(id) });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = parseId(params.businessId);
  const res = id ? await getApi(context).call("GET /business/{id}", { params: { id } }) : null;
  const lang = languageOf(context);
  if (!res?.ok) {
    throw data({ message: messagesFor(lang, "staffCommon").staffCommon.businessNotFound }, { status: 404 });
  }
  const { business, allowed } = res.data;
  const mayDelete = allowed.delete;
  const step = url.searchParams.get("confirm");
  const t = pageMessages(context, "businessForm", "staffBusiness", "staffCommon");
  const status = cardState({ ...business, cardStatus: business.card?.status }, new Date());
  return {
    // The business fields' labels are the customer's edit form's (businessForm, ADR 0066).
    t,
    pageTitle: t.staffBusiness.editBusiness,
    business,
    mayDelete,
    status,
    statusLabel: cardStateLabelIn(status, messagesFor(lang, "home").home),
    // Only those the API lets delete ever see the step.
    confirming: step === "clone" || (step === "delete" && mayDelete) ? step : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = getApi(context);
  const businessId = parseId(params.businessId);
  const t = pageMessages(context, "staffBusiness", "staffCommon", "businessForm");
  if (!businessId) throw data({ message: t.staffCommon.businessNotFound }, { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "delete" || intent === "clone") {
    const res =
      intent === "delete"
        ? await api.call("DELETE /business/{id}", { params: { id: businessId } })
        : await api.call("POST /business/cloneBusiness", { body: { businessId } });
    if (!res.ok) {
      return { result: undefined, error: res.message };
    }
    if (intent === "delete") throw await redirectWithToast(businessesHref(), { type: "success", message: t.staffBusiness.deleted });
    const copy = (res.data as { business: { businessId: number; businessName: string } }).business;
    throw await redirectWithToast(businessPage(copy.businessId), { type: "success", message: fmt(t.staffBusiness.copiedAs, { name: copy.businessName }) });
  }

  return saveBusinessDetails(api, formData, businessId, businessPage(businessId), t.businessForm, (r) => translateReply(context, r));
}

const PHONE_FIELDS = new Set<string>(["phoneNumber", "alternatePhoneNumber", "whatsappNumber"]);
const stepLink = "inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 font-semibold sm:w-auto";

export default function AdminBusinessEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { business, status, confirming, mayDelete } = loaderData;
  const here = businessEditStepHref(business.businessId);
  // Stored numbers are E.164: the form shows them the way people write them.
  const shown = (k: (typeof BUSINESS_FIELD_NAMES)[number]) => (PHONE_FIELDS.has(k) && business[k] ? formatPhone(String(business[k])) : (business[k] ?? ""));
  const [form, fields] = useForm({
    id: `staff-edit-business-${business.businessId}`,
    lastResult: actionData?.result,
    defaultValue: { ...Object.fromEntries(BUSINESS_FIELD_NAMES.map((k) => [k, shown(k)])), businessId: String(business.businessId) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateBusinessSchema }),
  });
  const owner = business.user.isForeignUser ? business.user.email : business.user.phoneNumber;
  const t = loaderData.t.staffBusiness;
  const words = loaderData.t.staffCommon;
  const withCard = !!business.card;

  return (
    <div className="mx-auto max-w-2xl space-y-4 pb-20">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold break-words text-slate-900">{business.businessName}</h2>
          <CardStateBadge status={status} label={loaderData.statusLabel} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{fmt(t.ownerLine, { owner: owner ?? "—" })}</p>
        <Link to={businessPage(business.businessId)} className="mt-2 inline-block text-sm font-medium text-brand-dark underline">
          {t.backToBusiness}
        </Link>
      </Card>
      <Card>
        <Form method="post" action={here} {...getFormProps(form)} noValidate className="space-y-5">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="businessId" value={business.businessId} />
          <BusinessFields fields={fields} foreign={business.user.isForeignUser} t={loaderData.t.businessForm} />
          <SubmitButton name="intent" value="save" pendingText={words.saving} className="sm:w-auto sm:min-w-40">
            {words.save}
          </SubmitButton>
        </Form>
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">{t.copyOrDelete}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {t.copyPitch}
          {mayDelete ? t.deletePitch : ""}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={businessEditStepHref(business.businessId, "clone")} preventScrollReset className={`${stepLink} text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50`}>
            {t.cloneBusiness}
          </Link>
          {mayDelete ? (
            <Link to={businessEditStepHref(business.businessId, "delete")} preventScrollReset className={`${stepLink} bg-red-600 text-white hover:bg-red-700`}>
              {t.deleteBusiness}
            </Link>
          ) : null}
        </div>
      </Card>
      {confirming === "clone" && !actionData?.error ? (
        <ConfirmDialog
          message={fmt(withCard ? t.confirmCloneWithCard : t.confirmClone, { name: business.businessName })}
          words={words}
          cancelTo={here}
          action={businessEditStepHref(business.businessId, "clone")}
          intent="clone"
        />
      ) : null}
      {confirming === "delete" && !actionData?.error ? (
        <ConfirmDialog
          message={fmt(withCard ? t.confirmDeleteWithCard : t.confirmDelete, { name: business.businessName })}
          words={words}
          cancelTo={here}
          action={businessEditStepHref(business.businessId, "delete")}
          intent="delete"
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={here} words={words} /> : null}
    </div>
  );
}
