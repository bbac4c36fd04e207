import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/businesses-edit";
import { BUSINESS_FIELD_NAMES, updateBusinessSchema } from "#contracts/business.ts";
import { formatPhone } from "#contracts/phone.ts";
import { cardState } from "#contracts/card-state.ts";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { saveBusinessDetails } from "~/lib/business.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton } from "~/components/form";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { BusinessFields } from "~/components/business/business-fields";
import { pageMessages } from "~/lib/i18n.server";
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
  if (!res?.ok) {
    throw data({ message: "Business not found." }, { status: 404 });
  }
  const { business, allowed } = res.data;
  const mayDelete = allowed.delete;
  const step = url.searchParams.get("confirm");
  return {
    // The shared business fields' labels (ADR 0066; this page's own texts are not converted yet).
    t: pageMessages(context, "businessForm"),
    business,
    mayDelete,
    status: cardState({ ...business, cardStatus: business.card?.status }, new Date()),
    // Only those the API lets delete ever see the step.
    confirming: step === "clone" || (step === "delete" && mayDelete) ? step : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = getApi(context);
  const businessId = parseId(params.businessId);
  if (!businessId) throw data({ message: "Business not found." }, { status: 404 });
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
    if (intent === "delete") throw await redirectWithToast(businessesHref(), { type: "success", message: "The business was deleted." });
    const copy = (res.data as { business: { businessId: number; businessName: string } }).business;
    throw await redirectWithToast(businessPage(copy.businessId), { type: "success", message: `Copied as ${copy.businessName}.` });
  }

  return saveBusinessDetails(api, formData, businessId, businessPage(businessId));
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

  return (
    <div className="mx-auto max-w-2xl space-y-4 pb-20">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold break-words text-slate-900">{business.businessName}</h2>
          <CardStateBadge status={status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">Owner: {owner ?? "—"}</p>
        <Link to={businessPage(business.businessId)} className="mt-2 inline-block text-sm font-medium text-brand-dark underline">
          Back to the business: plans and payments
        </Link>
      </Card>
      <Card>
        <Form method="post" action={here} {...getFormProps(form)} noValidate className="space-y-5">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="businessId" value={business.businessId} />
          <BusinessFields fields={fields} foreign={business.user.isForeignUser} t={loaderData.t.businessForm} />
          <SubmitButton name="intent" value="save" pendingText="Saving…" className="sm:w-auto sm:min-w-40">
            Save
          </SubmitButton>
        </Form>
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">Copy or delete</h2>
        <p className="mt-1 text-sm text-slate-600">
          A copy is a new business for the same customer with the same details and card, unpaid, on the agency&apos;s trial.
          {mayDelete ? " Deleting stops its card from opening; payments already made stay on record." : ""}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={businessEditStepHref(business.businessId, "clone")} preventScrollReset className={`${stepLink} text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50`}>
            Clone business
          </Link>
          {mayDelete ? (
            <Link to={businessEditStepHref(business.businessId, "delete")} preventScrollReset className={`${stepLink} bg-red-600 text-white hover:bg-red-700`}>
              Delete business
            </Link>
          ) : null}
        </div>
      </Card>
      {confirming === "clone" && !actionData?.error ? (
        <ConfirmDialog
          message={`Make a copy of ${business.businessName}${business.card ? " and its digital business card" : ""} for the same customer?`}
          cancelTo={here}
          action={businessEditStepHref(business.businessId, "clone")}
          intent="clone"
        />
      ) : null}
      {confirming === "delete" && !actionData?.error ? (
        <ConfirmDialog
          message={`Delete ${business.businessName}${business.card ? " and its digital business card" : ""}? This cannot be undone.`}
          cancelTo={here}
          action={businessEditStepHref(business.businessId, "delete")}
          intent="delete"
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={here} /> : null}
    </div>
  );
}
