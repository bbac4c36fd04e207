import type { SubmissionResult } from "@conform-to/react";
import { ENQUIRY_LIMITS } from "#contracts/constants.ts";
import { ErrorList, FormError } from "~/components/form";
import { fmt } from "#contracts/i18n/fmt.ts";
import { useCardSource } from "./card-source";
import { useCardText } from "./card-text";

export type MessageKind = "enquiry" | "feedback";

const input =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:border-[var(--theme)] focus:ring-2 focus:ring-[var(--theme)]/30 focus:outline-none aria-[invalid=true]:border-red-500";

/**
 * The enquiry (or feedback) form: a plain HTML form posted to the card page, which redirects
 * back with a thank-you (PRG). No JavaScript: the server checks everything, the hidden
 * honeypot and the signed render time keep most bots out (ADR 0008).
 */
export function MessageForm({
  kind,
  cardId,
  token,
  businessName,
  lastResult,
  sent,
}: {
  kind: MessageKind;
  cardId: string;
  token: string;
  businessName: string;
  lastResult?: SubmissionResult<string[]>;
  sent: boolean;
}) {
  // Not the section's id: each input is tied to its form by id (the `form` attribute).
  const { form, fields } = serverForm(`${kind}-form`, lastResult, ["name", "phoneNumber", "email", "message"]);
  const t = useCardText();
  const src = useCardSource();
  if (sent) {
    return (
      <div role="status" className="rounded-xl bg-green-50 p-4 text-green-900 ring-1 ring-green-200">
        <p className="font-semibold">{fmt(t.thankYou, { name: businessName })}</p>
        <p className="mt-1 text-sm">{kind === "enquiry" ? t.enquiryThanks : t.feedbackThanks}</p>
        <a href={`/${cardId}#${kind}`} className="mt-3 inline-block text-sm font-medium text-[var(--theme)] underline">
          {t.sendAnother}
        </a>
      </div>
    );
  }
  const enquiry = kind === "enquiry";
  return (
    <form method="post" action={`/${cardId}#${kind}`} {...form.props} className="space-y-3">
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="token" value={token} />
      {src ? <input type="hidden" name="src" value={src} /> : null}
      {/* Honeypot: off-screen and skipped by keyboards and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${kind}-website`}>Leave this empty</label>
        <input id={`${kind}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Labelled label={t.yourName} id={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId}>
        <input {...fields.name.props} type="text" autoComplete="name" maxLength={ENQUIRY_LIMITS.name} className={input} />
      </Labelled>
      <Labelled label={enquiry ? t.mobile : t.mobileOptional} id={fields.phoneNumber.id} errors={fields.phoneNumber.errors} errorId={fields.phoneNumber.errorId}>
        <input {...fields.phoneNumber.props} type="tel" autoComplete="tel" inputMode="tel" className={input} />
      </Labelled>
      {enquiry ? (
        <Labelled label={t.emailOptional} id={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
          <input {...fields.email.props} type="email" autoComplete="email" className={input} />
        </Labelled>
      ) : null}
      <Labelled label={enquiry ? t.yourMessage : t.yourFeedback} id={fields.message.id} errors={fields.message.errors} errorId={fields.message.errorId}>
        <textarea {...fields.message.props} rows={4} maxLength={ENQUIRY_LIMITS.message} className={input} />
      </Labelled>
      <button type="submit" className="w-full rounded-xl bg-[var(--theme)] px-4 py-3 font-semibold text-white shadow hover:opacity-95">
        {enquiry ? t.sendEnquiry : t.sendFeedback}
      </button>
      <p className="text-xs text-slate-500">
        {fmt(t.messageGoesTo, { name: businessName })}{" "}
        <a href="/privacy" className="underline">
          {t.privacyNotice}
        </a>
      </p>
    </form>
  );
}

/**
 * What Conform's useForm gives a form that is only ever rendered on the server (the card page
 * ships no JavaScript, ADR 0008): the same ids, names, `form` attributes, error lists with their
 * aria wiring, and the values sent back after a failed post, without its client-side state
 * machinery, which cost more than the rest of the form on every render.
 */
function serverForm<N extends string>(formId: string, lastResult: SubmissionResult<string[]> | undefined, names: readonly N[]) {
  const error = lastResult?.error ?? {};
  const initial = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const aria = (errorId: string, errors: string[] | undefined) =>
    errors?.length ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
  const formErrors = error[""] ?? undefined;
  const form = {
    errorId: `${formId}-error`,
    errors: formErrors,
    props: { id: formId, noValidate: true, ...(formErrors?.length ? { "aria-describedby": `${formId}-error` } : {}) },
  };
  type Field = { id: string; errorId: string; errors: string[] | undefined; props: React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement> };
  const fields = {} as Record<N, Field>;
  for (const name of names) {
    const id = `${formId}-${name}`;
    const errors = error[name] ?? undefined;
    const value = initial[name];
    const props = { id, name, form: formId, ...aria(`${id}-error`, errors), ...(typeof value === "string" ? { defaultValue: value } : {}) };
    fields[name] = { id, errorId: `${id}-error`, errors, props };
  }
  return { form, fields };
}

function Labelled({ label, id, errorId, errors, children }: { label: string; id: string; errorId: string; errors?: string[]; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
