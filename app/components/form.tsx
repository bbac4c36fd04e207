import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "react-router";

/** Field errors, announced to screen readers. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700" role="alert">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

type InputType = "text" | "tel" | "email" | "url" | "password" | "number";

/** The look of every text box, text area and select. */
export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-[invalid=true]:border-red-500";

/** What every labelled field shares: the label, the control, a hint and the error list. */
function LabelledField({ field, label, hint, children }: { field: FieldMetadata<unknown>; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled input wired to Conform (name, aria-invalid, default value, error list). */
export function Field({
  field,
  label,
  type = "text",
  hint,
  ...rest
}: {
  field: FieldMetadata<string | number | undefined>;
  label: string;
  type?: InputType;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "defaultValue">) {
  const props = getInputProps(field, { type });
  return (
    <LabelledField field={field} label={label} hint={hint}>
      <input {...props} {...rest} key={props.key} className={inputClass} />
    </LabelledField>
  );
}

export function TextAreaField({ field, label, rows = 4, hint }: { field: FieldMetadata<string | undefined>; label: string; rows?: number; hint?: string }) {
  const props = getTextareaProps(field);
  return (
    <LabelledField field={field} label={label} hint={hint}>
      <textarea {...props} key={props.key} rows={rows} className={inputClass} />
    </LabelledField>
  );
}

export function SelectField({
  field,
  label,
  options,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const props = getSelectProps(field);
  return (
    <LabelledField field={field} label={label}>
      <select {...props} key={props.key} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

export function CheckboxField({ field, label }: { field: FieldMetadata<string | boolean | undefined>; label: string }) {
  const props = getInputProps(field, { type: "checkbox" });
  return (
    <label className="flex items-center gap-3 py-1 text-sm text-slate-800">
      <input {...props} key={props.key} className="size-5 rounded border-slate-300 accent-brand" />
      {label}
    </label>
  );
}

/** Submit button that shows progress and refuses a second click while the form is submitting. */
export function SubmitButton({
  children,
  pendingText,
  name,
  value,
  className = "",
}: {
  children: React.ReactNode;
  pendingText?: string;
  name?: string;
  value?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-busy={pending}
      // Pages without React show it too (the sign-in pages' script, app/lib/sign-in-page.ts).
      data-pending={pendingText ?? "Please wait…"}
      className={`inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white shadow hover:bg-brand-darker disabled:opacity-60 ${className}`}
    >
      {pending ? (pendingText ?? "Please wait…") : children}
    </button>
  );
}

export function FormError({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.join(" ")}
    </div>
  );
}
