import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense } from "react";
import { Form } from "react-router";
import { videoTemplateFormSchema } from "#contracts/promo-videos.ts";
import {
  VIDEO_BACKGROUND_COLORS,
  VIDEO_BACKGROUND_LABELS,
  VIDEO_BACKGROUNDS,
  VIDEO_DEFAULT_LAYOUT,
  VIDEO_PLACEHOLDER_KEYS,
  VIDEO_PLACEHOLDER_LABELS,
  VIDEO_TEMPLATE_LIMITS,
} from "#contracts/promo-videos-texts.ts";
import { Field, FormError, SelectField, SubmitButton, TextAreaField, inputClass } from "~/components/form";
import type { TemplateView } from "~/components/promo-videos/template-tile";
import { useHydrated } from "~/lib/use-hydrated";

// Its own chunk, fetched only here and only once JavaScript runs (issue 26).
const PlaceholderEditor = lazy(() => import("./placeholder-editor"));

type EditorText = { editorHelp: string; timeline: string; redrawn: string; samplePreview: string };

/** The drag editor after hydration; server-rendered and script-free pages keep the fields only. */
function EditorSlot(props: { formId: string; posterUrl: string | null; background: string; text: EditorText }) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <PlaceholderEditor {...props} />
    </Suspense>
  ) : null;
}

const NUMBERS = [
  ["x", "Left %"],
  ["y", "Top %"],
  ["w", "Width %"],
  ["h", "Height %"],
  ["start", "From s"],
  ["end", "To s"],
] as const;

/**
 * A template's form: name, background, length, and one row per placeholder (include it, where,
 * when, what colour). A plain form: every row is always there, so it works without JavaScript.
 */
export function VideoTemplateForm({
  template,
  intent,
  lastResult,
  text,
}: {
  template: TemplateView | null;
  intent: string;
  lastResult?: SubmissionResult<string[]> | null;
  text: EditorText;
}) {
  const [form, fields] = useForm<{ templateId?: number; name: string; description?: string; background: string; durationSeconds: number }>({
    id: `video-template-${template?.templateId ?? "new"}`,
    lastResult: lastResult ?? undefined,
    defaultValue: {
      templateId: template?.templateId,
      name: template?.name ?? "",
      description: template?.description ?? "",
      background: template?.background ?? VIDEO_BACKGROUNDS[0],
      durationSeconds: template?.durationSeconds ?? 15,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: videoTemplateFormSchema }),
  });
  // Row errors are reported by the filtered list's index: shown together above the rows.
  const rowErrors = Object.entries(form.allErrors)
    .filter(([k]) => k.startsWith("placeholders"))
    .flatMap(([, m]) => m);
  const placed = new Map((template?.placeholders ?? []).map((p) => [p.key, p]));
  // After a refused save (no JavaScript: a fresh page), the rows show what was sent.
  const sent = (lastResult?.initialValue as { placeholders?: (Record<string, string> | undefined)[] } | undefined)?.placeholders;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <FormError id={form.errorId} errors={form.errors} />
      {template ? <input type="hidden" name={fields.templateId.name} value={template.templateId} /> : null}
      <Field field={fields.name} label="Name" />
      <TextAreaField field={fields.description} label="Description" rows={2} />
      <SelectField field={fields.background} label="Background (generated)" options={VIDEO_BACKGROUNDS.map((b) => ({ value: b, label: VIDEO_BACKGROUND_LABELS[b] }))} />
      <Field
        field={fields.durationSeconds}
        label="Length in seconds"
        type="number"
        min={VIDEO_TEMPLATE_LIMITS.minSeconds}
        max={VIDEO_TEMPLATE_LIMITS.maxSeconds}
        hint={`${VIDEO_TEMPLATE_LIMITS.minSeconds}–${VIDEO_TEMPLATE_LIMITS.maxSeconds} s`}
      />
      <fieldset className="space-y-3">
        <legend className="font-medium text-slate-900">Placeholders</legend>
        <p className="text-sm text-slate-600">Place each one in percent of the picture (portrait 720×1280) and say when it shows.</p>
        <EditorSlot
          formId={form.id}
          posterUrl={template?.posterUrl ?? null}
          background={VIDEO_BACKGROUND_COLORS[(template?.background ?? VIDEO_BACKGROUNDS[0]) as keyof typeof VIDEO_BACKGROUND_COLORS] ?? "#334155"}
          text={text}
        />
        {rowErrors.length ? (
          <ul className="text-sm text-red-700" role="alert">
            {[...new Set(rowErrors)].map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
        {VIDEO_PLACEHOLDER_KEYS.map((key, i) => {
          const p = placed.get(key);
          const row = lastResult ? sent?.[i] : undefined;
          const values: Record<string, string | number> = row ? { ...VIDEO_DEFAULT_LAYOUT[key], ...row } : { ...VIDEO_DEFAULT_LAYOUT[key], ...p };
          const included = lastResult ? row?.include === "on" : template ? !!p : true;
          const name = (f: string) => `placeholders[${i}].${f}`;
          return (
            <div key={key} className="rounded-md p-3 ring-1 ring-slate-200">
              <input type="hidden" name={name("key")} value={key} />
              <label className="flex items-center gap-2 font-medium text-slate-800">
                <input type="checkbox" name={name("include")} defaultChecked={included} className="size-5 accent-brand" />
                {VIDEO_PLACEHOLDER_LABELS[key]}
              </label>
              <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-7">
                {NUMBERS.map(([f, label]) => (
                  <label key={f} className="text-xs text-slate-600">
                    {label}
                    <input type="number" step="0.5" min={0} name={name(f)} defaultValue={values[f]} className={inputClass} />
                  </label>
                ))}
                {key === "logo" ? null : (
                  <label className="text-xs text-slate-600">
                    Colour
                    <input type="color" name={name("color")} defaultValue={String(values.color)} className={`${inputClass} h-10 p-1`} />
                  </label>
                )}
              </div>
            </div>
          );
        })}
      </fieldset>
      <SubmitButton name="intent" value={intent} pendingText="Saving…" className="sm:w-auto sm:min-w-48">
        {template ? "Save template" : "Add template"}
      </SubmitButton>
    </Form>
  );
}
