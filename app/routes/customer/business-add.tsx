import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href } from "react-router";
import type { Route } from "./+types/business-add";
import { createBusinessSchema } from "#contracts/business.ts";
import { getApi, getCustomer } from "~/lib/request-context.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { addBusinessFlags, cardEditorHref, ADD_BUSINESS_HREF } from "~/lib/business-form";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { CheckboxField, FormError, SubmitButton } from "~/components/form";
import { OneCardPerBusinessDialog, oneCardWords } from "~/components/card-editor/create-card";
import { BusinessFields } from "~/components/business/business-fields";

import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "~/lib/i18n";

export const handle: PanelHandle = { title: "Add business" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Add business" }];

/** SPEC §2 query flags: userId, isForeignUser, shouldRedirectToDigitalCardEditorOnAddBusiness, shouldCreateDigitalCard, firstTimeUser. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { user } = getCustomer(context);
  const flags = addBusinessFlags(url.searchParams, user.userId);
  const t = pageMessages(context, "businessForm");
  return { ...flags, foreign: flags.isForeignUser || user.isForeignUser, t, pageTitle: t.businessForm.addBusiness };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { user } = getCustomer(context);
  const flags = addBusinessFlags(url.searchParams, user.userId);
  const submission = parseWithZod(await request.formData(), { schema: createBusinessSchema });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()), oneCard: null };

  const api = getApi(context);
  const body = { ...submission.value, userId: flags.userId, createDigitalCard: flags.createDigitalCard || submission.value.createDigitalCard };
  const res = await api.call("POST /business", { body });
  if (!res.ok) {
    // SPEC §2 'One Card per Business'.
    if (res.status === 409) return { result: submission.reply(), oneCard: res.message, oneCardText: oneCardWords(pageMessages(context, "cardEditor").cardEditor) };
    return { result: replyWithApiError(submission, res), oneCard: null };
  }
  const { businessId } = res.data.business;
  // The new business becomes the one the panel works on (a failure here is not worth an error page).
  await api.call("POST /user/preference", { body: { activeBusinessId: businessId } }, { authErrors: "return" });
  const toast = { type: "success", message: fmt(pageMessages(context, "businessForm").businessForm.added, { name: res.data.business.businessName }) } as const;
  throw await redirectWithToast(flags.redirectToEditor ? cardEditorHref(businessId) : href("/panel/customer"), toast);
}

export default function BusinessAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { firstTimeUser, createDigitalCard, foreign } = loaderData;
  const t = loaderData.t.businessForm;
  const [form, fields] = useForm({
    id: "add-business",
    lastResult: actionData?.result,
    // A new business usually wants its card: the box starts ticked (issue 22).
    defaultValue: { title: "none", createDigitalCard: true },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createBusinessSchema }),
  });

  return (
    <Card className="mx-auto max-w-2xl">
      <header className="mb-5">
        <h2 className="text-lg font-semibold text-slate-900">{firstTimeUser ? t.firstTitle : t.addTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {firstTimeUser ? t.firstPitch : t.onlyName}
          {createDigitalCard ? t.alsoCreatesCard : ""}
        </p>
      </header>
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        <FormError id={form.errorId} errors={form.errors} />
        <BusinessFields fields={fields} foreign={foreign} t={t} />
        {createDigitalCard ? (
          <input type="hidden" name={fields.createDigitalCard.name} value="on" />
        ) : (
          <CheckboxField field={fields.createDigitalCard} label={t.alsoCreateCard} />
        )}
        <SubmitButton pendingText={t.adding} className="sm:w-auto sm:min-w-48">
          {firstTimeUser ? t.continue : t.addBusiness}
        </SubmitButton>
      </Form>
      {actionData?.oneCard ? <OneCardPerBusinessDialog message={actionData.oneCard} closeTo={ADD_BUSINESS_HREF} t={actionData.oneCardText} /> : null}
    </Card>
  );
}
