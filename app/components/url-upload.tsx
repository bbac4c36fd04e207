import { useId } from "react";
import type { DocumentPurpose } from "#contracts/enums.ts";
import { FILE_SUFFIX, IMAGE_TYPES } from "~/lib/card-editor-upload";
import { useImageUpload } from "~/lib/use-image-upload";
import { useHydrated } from "~/lib/use-hydrated";
import { ErrorList } from "~/components/form";

/**
 * A file input placed under a URL field. With JavaScript the picked image goes straight to the
 * API (uploadFile, with progress) and `onUploaded` puts the returned URL in the field; without it
 * the file travels with the form as `<fieldName>__file` (the form must be multipart) and the
 * action uploads it (takeContentUpload). The URL field keeps working either way.
 */
export function UrlUpload({
  fieldName,
  label,
  purpose,
  ownerId,
  onUploaded,
  words,
}: {
  fieldName: string;
  label: string;
  purpose: DocumentPurpose;
  /** hierarchy2: the business, or for platform content the uploader's agency. */
  ownerId: number;
  onUploaded: (url: string) => void;
  /** The status lines in the page's language ("{percent}" filled in); English when left out. */
  words?: { uploading: string; uploaded: string };
}) {
  const hydrated = useHydrated();
  const id = useId();
  const { status, onPick } = useImageUpload(purpose, ownerId, onUploaded);

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {hydrated ? (
        <input id={id} type="file" accept={IMAGE_TYPES} onChange={onPick} disabled={status.kind === "uploading"} className={fileInput} />
      ) : (
        <input id={id} type="file" accept={IMAGE_TYPES} name={`${fieldName}${FILE_SUFFIX}`} className={fileInput} />
      )}
      {status.kind === "uploading" ? (
        <p role="status" className="text-sm text-slate-600">{(words?.uploading ?? "Uploading… {percent}%").replace("{percent}", String(status.percent))}</p>
      ) : status.kind === "done" ? (
        <p role="status" className="text-sm text-slate-600">{words?.uploaded ?? "Uploaded: the URL above is filled in. Save to keep it."}</p>
      ) : null}
      {status.kind === "error" ? <ErrorList errors={[status.message]} /> : null}
    </div>
  );
}

const fileInput =
  "block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-200";
