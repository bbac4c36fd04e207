import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/whatsapp";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "~/lib/i18n";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog } from "~/components/dialogs";
import { Field, FormError, SubmitButton } from "~/components/form";
import { whatsappSettingsBody } from "#contracts/messages.ts";

/*
 * The agency's own WhatsApp Business number (ADR 0053): the phone number ID and access token from
 * WhatsApp Manager, checked with WhatsApp before they are saved, and the approved templates
 * reminders and enquiry alerts go as. Agency admins only (the API says 403 to anyone else). Real
 * forms: everything works without JavaScript; the token is never sent back to the browser.
 */

export const handle: PanelHandle = { title: "WhatsApp" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "WhatsApp" }];

const PATH = href("/panel/admin/whatsapp");
const SAVE = "save";
const REMOVE = "remove";
/** The token never goes back into the page, even after a refused save. */
const HIDE_TOKEN = { hideFields: ["accessToken"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const settings = await getApi(context).get("GET /messages/whatsapp");
  const t = pageMessages(context, "whatsappSettings", "staffCommon");
  return { settings, confirmingRemove: url.searchParams.get("confirm") === REMOVE && settings.configured, t, pageTitle: t.whatsappSettings.title };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = getApi(context);
  const t = pageMessages(context, "whatsappSettings").whatsappSettings;
  if (formData.get("intent") === REMOVE) {
    const res = await api.call("DELETE /messages/whatsapp");
    if (!res.ok) throw await redirectWithToast(PATH, { type: "error", message: res.message });
    throw await redirectWithToast(PATH, { type: "success", message: t.removed });
  }
  const submission = parseWithZod(formData, { schema: whatsappSettingsBody });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply(HIDE_TOKEN)) };
  const res = await api.call("PUT /messages/whatsapp", { body: submission.value });
  if (!res.ok) {
    const fieldErrors = res.fieldErrors ?? {};
    const onAField = Object.values(fieldErrors).some((m) => m.length);
    return { result: translateReply(context, submission.reply({ formErrors: onAField ? [] : [res.message], fieldErrors, ...HIDE_TOKEN })) };
  }
  throw await redirectWithToast(PATH, { type: "success", message: fmt(t.saved, { number: res.data.displayPhoneNumber ?? res.data.phoneNumberId ?? "" }) });
}

type Shape = { phoneNumberId?: string; accessToken?: string; reminderTemplate?: string; alertTemplate?: string; templateLanguage?: string };

export default function WhatsappSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings: s } = loaderData;
  const t = loaderData.t.whatsappSettings;
  const [form, fields] = useForm<Shape>({
    id: "whatsapp-settings",
    lastResult: (actionData?.result ?? null) as SubmissionResult<string[]> | null,
    defaultValue: { phoneNumberId: s.phoneNumberId ?? "", reminderTemplate: s.reminderTemplate ?? "", alertTemplate: s.alertTemplate ?? "", templateLanguage: s.templateLanguage },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: whatsappSettingsBody }) as unknown as Submission<Shape>,
  });
  return (
    <div className="mx-auto max-w-xl space-y-4 pb-20">
      <Card>
        <p className="text-sm text-slate-700">{t.intro}</p>
        <p role="status" className={`mt-3 rounded-lg p-3 text-sm font-medium ${s.configured ? "bg-green-50 text-green-900" : "bg-slate-50 text-slate-700"}`}>
          {s.configured ? fmt(t.connectedAs, { number: s.displayPhoneNumber ?? s.phoneNumberId ?? "" }) : t.notConnected}
        </p>
      </Card>
      <Card>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormError id={form.errorId} errors={form.errors} />
          <Field field={fields.phoneNumberId} label={t.phoneNumberId} inputMode="numeric" autoComplete="off" />
          <Field
            field={fields.accessToken}
            type="password"
            label={s.tokenEnding ? fmt(t.accessTokenKeep, { ending: s.tokenEnding }) : t.accessToken}
            autoComplete="off"
            spellCheck={false}
          />
          <fieldset className="space-y-3">
            <legend className="font-semibold text-slate-900">{t.templatesLegend}</legend>
            <p className="text-sm text-slate-600">{t.templatesHint}</p>
            <Field field={fields.reminderTemplate} label={t.reminderTemplate} hint={t.reminderTemplateHint} autoComplete="off" spellCheck={false} />
            <Field field={fields.alertTemplate} label={t.alertTemplate} hint={t.alertTemplateHint} autoComplete="off" spellCheck={false} />
            <Field field={fields.templateLanguage} label={t.templateLanguage} hint={t.templateLanguageHint} autoComplete="off" spellCheck={false} />
          </fieldset>
          <SubmitButton name="intent" value={SAVE} pendingText={t.saving} className="sm:w-auto">
            {t.save}
          </SubmitButton>
        </Form>
      </Card>
      {s.configured ? (
        <Card>
          <Link to={`${PATH}?confirm=${REMOVE}`} className="text-sm font-semibold text-red-700 underline">
            {t.remove}
          </Link>
        </Card>
      ) : null}
      {loaderData.confirmingRemove ? (
        <ConfirmDialog
          message={t.removeConfirm}
          cancelTo={PATH}
          action={PATH}
          intent={REMOVE}
          words={{ confirm: t.remove, cancel: loaderData.t.staffCommon.cancel, ok: t.remove }}
        />
      ) : null}
    </div>
  );
}
