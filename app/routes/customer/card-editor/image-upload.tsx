import { useEffect, useId, useRef, useState } from "react";
import type { FieldMetadata } from "@conform-to/react";
import type { DocumentPurpose } from "#contracts/enums.ts";
import { FILE_SUFFIX, IMAGE_TYPES, REMOVE_SUFFIX } from "~/lib/card-editor-upload";
import { useImageUpload } from "~/lib/use-image-upload";
import { useHydrated } from "~/lib/use-hydrated";
import { ErrorList } from "~/components/form";
import { fmt } from "#contracts/i18n/fmt.ts";
import { useEditor } from "./editor-context";

/**
 * An image field. With JavaScript the file goes straight to the API with a progress bar and
 * the returned URL fills the hidden input; without it, the file input travels with the form
 * (multipart) and the section's action uploads it.
 */
export function ImageUpload({
  field,
  label,
  purpose,
  businessId,
  shape = "square",
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  purpose: DocumentPurpose;
  businessId: number;
  shape?: "square" | "round" | "wide";
}) {
  const hydrated = useHydrated();
  const { t } = useEditor();
  const lower = { label: label.toLowerCase() };
  const id = useId();
  const [url, setUrl] = useState(field.initialValue ?? "");
  const { status, onPick } = useImageUpload(purpose, businessId, setUrl);
  const hidden = useRef<HTMLInputElement>(null);
  const errorBox = useRef<HTMLDivElement>(null);

  // Tell Conform (and so the live preview) that the hidden value changed.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [url]);
  // A refusal is shown where the user looks, above the sticky Save bar (app.css keeps room for it).
  useEffect(() => {
    if (status.kind === "error") errorBox.current?.scrollIntoView({ block: "nearest" });
  }, [status]);

  const frame = shape === "round" ? "size-20 rounded-full" : shape === "wide" ? "h-20 w-36 rounded-lg" : "size-20 rounded-lg";
  const percent = status.kind === "uploading" ? status.percent : status.kind === "done" ? 100 : null;

  return (
    <fieldset className="space-y-2" aria-describedby={field.errorId}>
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <input ref={hidden} type="hidden" name={field.name} value={url} readOnly />
      <div className="flex items-center gap-3">
        <div className={`${frame} shrink-0 overflow-hidden bg-slate-100 ring-1 ring-slate-200`}>
          {url ? <img src={url} alt={fmt(t.imagePreview, { label })} className="size-full object-cover" /> : null}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <label htmlFor={id} className="sr-only">
            {fmt(t.chooseFile, lower)}
          </label>
          {hydrated ? (
            <input id={id} type="file" accept={IMAGE_TYPES} onChange={onPick} disabled={status.kind === "uploading"} className={fileInput} />
          ) : (
            <input id={id} type="file" accept={IMAGE_TYPES} name={`${field.name}${FILE_SUFFIX}`} className={fileInput} />
          )}
          {url && hydrated ? (
            <button type="button" onClick={() => setUrl("")} className="text-sm font-medium text-red-700 underline">
              {fmt(t.removeImage, lower)}
            </button>
          ) : null}
          {url && !hydrated ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name={`${field.name}${REMOVE_SUFFIX}`} className="size-4" /> {fmt(t.removeImage, lower)}
            </label>
          ) : null}
        </div>
      </div>
      {percent !== null ? (
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <div
            role="progressbar"
            aria-label={fmt(t.imageUpload, { label })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <span aria-live="polite">{status.kind === "done" ? t.uploaded : `${percent}%`}</span>
        </div>
      ) : null}
      <div ref={errorBox}>
        {status.kind === "error" ? <ErrorList errors={[status.message]} /> : null}
        <ErrorList id={field.errorId} errors={field.errors} />
      </div>
    </fieldset>
  );
}

const fileInput =
  "block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-200";
