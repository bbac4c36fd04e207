import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { enquiryAlertForm, type EnquiryAlertSettings } from "#contracts/messages.ts";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton } from "~/components/form";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

type Words = Catalogue["feedback"];
const CHANNELS = [
  ["sms", () => "SMS"],
  ["email", (t: Words) => t.email],
  ["whatsapp", () => "WhatsApp"],
] as const;

/**
 * Which channels a new enquiry reaches the owner on (ADR 0054). A plain form: without
 * JavaScript an unticked box sends nothing, which the schema reads as off.
 */
export function AlertSettingsForm({ settings, action, lastResult, t }: { settings: EnquiryAlertSettings; action: string; lastResult?: SubmissionResult<string[]>; t: Words }) {
  const [form, fields] = useForm({
    id: "enquiry-alerts",
    lastResult,
    defaultValue: { sms: settings.sms, email: settings.email, whatsapp: settings.whatsapp },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enquiryAlertForm }),
  });
  return (
    <Card>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-3">
        <input type="hidden" name="intent" value="alert-settings" />
        <fieldset>
          <legend className="font-semibold text-slate-900">{t.alertsLegend}</legend>
          <p className="mt-1 text-sm text-slate-600">{t.alertsHelp}</p>
          <FormError id={form.errorId} errors={form.errors} />
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {CHANNELS.map(([key, label]) => (
              <label key={key} className="flex min-h-11 items-center gap-2 text-slate-800">
                <input {...getInputProps(fields[key], { type: "checkbox" })} key={undefined} className="size-5 accent-brand" />
                {label(t)}
                {key === "whatsapp" && !settings.whatsappAvailable ? <span className="text-xs text-slate-500">{t.whenAgencySetsUp}</span> : null}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton pendingText={t.saving} className="sm:w-auto sm:min-w-40">
          {t.saveAlerts}
        </SubmitButton>
      </Form>
    </Card>
  );
}
