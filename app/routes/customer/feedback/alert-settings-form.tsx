import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { enquiryAlertForm, type EnquiryAlertSettings } from "#contracts/messages.ts";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton } from "~/components/form";

const CHANNELS = [
  ["sms", "SMS"],
  ["email", "Email"],
  ["whatsapp", "WhatsApp"],
] as const;

/**
 * Which channels a new enquiry reaches the owner on (ADR 0054). A plain form: without
 * JavaScript an unticked box sends nothing, which the schema reads as off.
 */
export function AlertSettingsForm({ settings, action, lastResult }: { settings: EnquiryAlertSettings; action: string; lastResult?: SubmissionResult<string[]> }) {
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
          <legend className="font-semibold text-slate-900">Alerts for new enquiries</legend>
          <p className="mt-1 text-sm text-slate-600">We send each new enquiry to you at once on the channels ticked here.</p>
          <FormError id={form.errorId} errors={form.errors} />
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {CHANNELS.map(([key, label]) => (
              <label key={key} className="flex min-h-11 items-center gap-2 text-slate-800">
                <input {...getInputProps(fields[key], { type: "checkbox" })} key={undefined} className="size-5 accent-brand" />
                {label}
                {key === "whatsapp" && !settings.whatsappAvailable ? <span className="text-xs text-slate-500">(when your agency sets it up)</span> : null}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton pendingText="Saving…" className="sm:w-auto sm:min-w-40">
          Save alerts
        </SubmitButton>
      </Form>
    </Card>
  );
}
