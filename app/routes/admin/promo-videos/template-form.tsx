import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense, useEffect, useRef, type MouseEvent } from "react";
import { Form, useFetcher } from "react-router";
import { videoTemplateFormSchema } from "#contracts/promo-videos.ts";
import {
  VIDEO_BACKGROUND_COLORS,
  VIDEO_BACKGROUNDS,
  VIDEO_DEFAULT_LAYOUT,
  VIDEO_PLACEHOLDER_KEYS,
  VIDEO_TEMPLATE_LIMITS,
} from "#contracts/promo-videos-texts.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { ErrorList, Field, FormError, SelectField, SubmitButton, TextAreaField, inputClass } from "~/components/form";
import type { TemplateView } from "~/components/promo-videos/template-tile";
import { useHydrated } from "~/lib/use-hydrated";

// Its own chunk, fetched only here and only once JavaScript runs (issue 26).
const PlaceholderEditor = lazy(() => import("./placeholder-editor"));

type EditorText = { editorHelp: string; timeline: string; redrawn: string; samplePreview: string };
export type FormText = Catalogue["staffPromoTemplates"];
/** What the action answers to the form: the reply, the preview drawn, the background uploaded. */
export type TemplateFormAnswer = { result: SubmissionResult<string[]> | null; preview?: string | null; backgroundUrl?: string | null };

/** The drag editor after hydration; server-rendered and script-free pages keep the fields only. */
function EditorSlot(props: { formId: string; posterUrl: string | null; background: string; text: EditorText; labels: Record<string, string> }) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <PlaceholderEditor {...props} />
    </Suspense>
  ) : null;
}

const NUMBERS = ["x", "y", "w", "h", "start", "end"] as const;
const NUMBER_LABEL = { x: "left", y: "top", w: "width", h: "height", start: "from", end: "to" } as const;

/**
 * A template's form: name, background (generated, or an uploaded picture or MP4), length, and
 * one row per placeholder (include it, where, when, what colour). A plain multipart form: every
 * row is always there, so it works without JavaScript. Its second button, Preview, asks for a
 * frame drawn from these values without saving; with JavaScript a fetcher shows it in place.
 */
export function VideoTemplateForm({
  template,
  intent,
  previewIntent,
  answer,
  text,
  t,
}: {
  template: TemplateView | null;
  intent: string;
  previewIntent: string;
  answer?: TemplateFormAnswer | null;
  text: EditorText;
  t: FormText;
}) {
  const fetcher = useFetcher<TemplateFormAnswer>();
  const fileInput = useRef<HTMLInputElement>(null);
  const lastResult = answer?.result ?? null;
  const [form, fields] = useForm<{ templateId?: number; name: string; description?: string; background: string; backgroundUrl?: string; durationSeconds: number }>({
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
  // The newest answer wins: the fetcher's (in place), else the page's (no JavaScript).
  const latest = fetcher.data ?? answer ?? null;
  const preview = latest?.preview ?? null;
  const previewErrors = fetcher.data?.result?.error ? Object.values(fetcher.data.result.error).flat().filter((m): m is string => !!m) : [];
  // An uploaded background stays with the form (a hidden field) until saved, so it is sent once.
  const uploaded = latest?.backgroundUrl ?? answer?.backgroundUrl ?? (template && !template.background ? template.previewUrl : null);
  useEffect(() => {
    if (fetcher.data?.backgroundUrl && fileInput.current) fileInput.current.value = "";
  }, [fetcher.data]);

  const onPreview = (e: MouseEvent<HTMLButtonElement>) => {
    const el = document.getElementById(form.id) as HTMLFormElement | null;
    if (!el) return;
    e.preventDefault();
    void fetcher.submit(new FormData(el, e.currentTarget), { method: "post", encType: "multipart/form-data" });
  };

  const rowErrors = Object.entries(form.allErrors)
    .filter(([k]) => k.startsWith("placeholders"))
    .flatMap(([, m]) => m);
  const placed = new Map((template?.placeholders ?? []).map((p) => [p.key, p]));
  // After a refused save or a preview without JavaScript (a fresh page), the rows show what was sent.
  const sent = (lastResult?.initialValue as { placeholders?: (Record<string, string> | undefined)[] } | undefined)?.placeholders;
  const labels: Record<string, string> = Object.fromEntries(VIDEO_PLACEHOLDER_KEYS.map((k) => [k, t[k]]));
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="space-y-4">
      <FormError id={form.errorId} errors={form.errors} />
      {template ? <input type="hidden" name={fields.templateId.name} value={template.templateId} /> : null}
      <Field field={fields.name} label={t.name} />
      <TextAreaField field={fields.description} label={t.description} rows={2} />
      <SelectField field={fields.background} label={t.background} options={VIDEO_BACKGROUNDS.map((b) => ({ value: b, label: t[b] }))} />
      <div className="space-y-2">
        <input type="hidden" name={fields.backgroundUrl.name} value={uploaded ?? ""} />
        {uploaded ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700" data-testid="uploaded-background">
            <span>{t.uploadedInUse}</span>
            <a href={uploaded} target="_blank" rel="noreferrer" className="font-medium text-brand-dark underline">
              {t.openUploaded}
            </a>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="useGenerated" className="size-5 accent-brand" />
              {t.useGenerated}
            </label>
          </div>
        ) : null}
        <label className="block text-sm font-medium text-slate-800">
          {t.upload}
          <input
            ref={fileInput}
            type="file"
            name="backgroundFile"
            accept="image/jpeg,image/png,image/webp,video/mp4"
            aria-describedby="background-file-hint"
            className={`${inputClass} mt-1`}
          />
        </label>
        <p id="background-file-hint" className="text-xs text-slate-600">
          {t.uploadHint}
        </p>
        <ErrorList id={fields.backgroundUrl.errorId} errors={fields.backgroundUrl.errors} />
      </div>
      <Field
        field={fields.durationSeconds}
        label={t.length}
        type="number"
        min={VIDEO_TEMPLATE_LIMITS.minSeconds}
        max={VIDEO_TEMPLATE_LIMITS.maxSeconds}
        hint={`${VIDEO_TEMPLATE_LIMITS.minSeconds}–${VIDEO_TEMPLATE_LIMITS.maxSeconds} s`}
      />
      <fieldset className="space-y-3">
        <legend className="font-medium text-slate-900">{t.placeholders}</legend>
        <p className="text-sm text-slate-600">{t.placeholdersHelp}</p>
        <EditorSlot
          formId={form.id}
          posterUrl={preview ?? template?.posterUrl ?? null}
          background={VIDEO_BACKGROUND_COLORS[(template?.background ?? VIDEO_BACKGROUNDS[0]) as keyof typeof VIDEO_BACKGROUND_COLORS] ?? "#334155"}
          text={text}
          labels={labels}
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
                {t[key]}
              </label>
              <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-7">
                {NUMBERS.map((f) => (
                  <label key={f} className="text-xs text-slate-600">
                    {t[NUMBER_LABEL[f]]}
                    <input type="number" step="0.5" min={0} name={name(f)} defaultValue={values[f]} className={inputClass} />
                  </label>
                ))}
                {key === "logo" ? null : (
                  <label className="text-xs text-slate-600">
                    {t.colour}
                    <input type="color" name={name("color")} defaultValue={String(values.color)} className={`${inputClass} h-10 p-1`} />
                  </label>
                )}
              </div>
            </div>
          );
        })}
      </fieldset>
      <div className="space-y-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
        <p className="text-sm text-slate-600">{t.previewHelp}</p>
        <button
          type="submit"
          name="intent"
          value={previewIntent}
          formNoValidate
          onClick={onPreview}
          className="rounded-lg px-4 py-2.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300"
        >
          {fetcher.state === "idle" ? t.preview : t.previewing}
        </button>
        {previewErrors.length ? <ErrorList errors={[...new Set(previewErrors)]} /> : null}
        {preview ? <img src={preview} alt={t.previewAlt} width={180} height={320} className="rounded-md ring-1 ring-slate-300" data-testid="template-preview" /> : null}
      </div>
      <SubmitButton name="intent" value={intent} pendingText={t.saving} className="sm:w-auto sm:min-w-48">
        {template ? t.save : t.add}
      </SubmitButton>
    </Form>
  );
}
