import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorList, FormError, SubmitButton } from "~/components/form";
import { useEditor } from "./editor-context";

/*
 * The card editor's form pieces beside ~/components/form (Field, TextAreaField, SelectField…).
 * Every section is a real <form method="post">: list buttons (add, remove, move) are Conform
 * intent buttons, plain submit buttons that the action answers without saving, so they work
 * with JavaScript off too.
 */

/** The section's form: noValidate always, so the server's messages (SPEC §5) show, not the browser's. */
export function SectionForm<S extends Record<string, unknown>>({
  form,
  multipart = false,
  children,
  submitLabel,
}: {
  form: FormMetadata<S>;
  multipart?: boolean;
  children: React.ReactNode;
  submitLabel?: string;
}) {
  const { t } = useEditor();
  const label = submitLabel ?? t.save;
  return (
    <Form method="post" {...getFormProps(form)} noValidate encType={multipart ? "multipart/form-data" : undefined} className="space-y-5">
      {/* Enter in a text box presses the first submit button: make that "Save", not an "Add" or "Remove". */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        {label}
      </button>
      <FormError id={form.errorId} errors={form.errors} />
      {children}
      <div data-sticky-save className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <SubmitButton pendingText={t.saving} className="sm:w-auto sm:min-w-40">
          {label}
        </SubmitButton>
      </div>
    </Form>
  );
}

const smallButton = "inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold ring-1 disabled:opacity-50";

/** An intent button (add / remove / move): submits the form with Conform's intent. */
export function IntentButton({
  props,
  children,
  tone = "neutral",
  label,
  disabled,
}: {
  props: { name: string; value: string; form: string };
  children: React.ReactNode;
  tone?: "neutral" | "danger" | "primary";
  label?: string;
  disabled?: boolean;
}) {
  const colours =
    tone === "danger"
      ? "text-red-700 ring-red-200 hover:bg-red-50"
      : tone === "primary"
        ? "text-brand-dark ring-brand/40 hover:bg-brand/5"
        : "text-slate-700 ring-slate-300 hover:bg-slate-50";
  return (
    <button type="submit" {...props} aria-label={label} disabled={disabled} className={`${smallButton} ${colours}`}>
      {children}
    </button>
  );
}

/** One row of a list (a product, a bank account…) with its remove button. */
export function ListRow({ title, remove, children }: { title: string; remove: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
        {remove}
      </div>
      {children}
    </li>
  );
}

/** A list's errors (e.g. "Add at most 10 videos.") and its empty state. */
export function ListFooter({ field, empty, count }: { field: FieldMetadata<unknown>; empty: string; count: number }) {
  return (
    <>
      {count === 0 ? <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-500">{empty}</p> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </>
  );
}
