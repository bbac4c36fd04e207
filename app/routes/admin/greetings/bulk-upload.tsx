import { useState } from "react";
import { apiUrl } from "~/lib/api-url";
import { uploadWithProgress } from "~/lib/upload-with-progress.client";
import { useHydrated } from "~/lib/use-hydrated";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

/** The island's words (the page's `staffGreetings`, ADR 0066): the API's own messages come in the request's language already. */
type Words = Pick<Catalogue["staffGreetings"], "connectionFailed" | "notUploaded" | "uploadFailed" | "progress" | "fileProgress" | "stateUploaded" | "stateFailed" | "stateWaiting">;

type Row = { name: string; percent: number; state: "waiting" | "sending" | "done" | "failed"; message?: string };

/** One file to POST /image-post/multiple (uploadWithProgress), with the other fields of the form. */
async function send(file: File, fields: FormData, onProgress: (p: number) => void, t: Words): Promise<{ ok: boolean; message?: string }> {
  const body = new FormData();
  for (const [k, v] of fields) if (k !== "files" && k !== "intent" && typeof v === "string") body.append(k, v);
  body.append("files", file);
  const outcome = await uploadWithProgress(apiUrl("POST /image-post/multiple"), body, onProgress).promise;
  if (outcome.kind !== "answered") return { ok: false, message: t.connectionFailed };
  const { status } = outcome;
  const res = outcome.body as { results?: { ok: boolean; error: string | null }[]; message?: string; fieldErrors?: Record<string, string[]> };
  const one = res.results?.[0];
  if (status === 200 && one) return one.ok ? { ok: true } : { ok: false, message: one.error ?? t.notUploaded };
  return { ok: false, message: Object.values(res.fieldErrors ?? {})[0]?.[0] ?? res.message ?? fmt(t.uploadFailed, { status }) };
}

/**
 * The upload form's island: with JavaScript each chosen file goes up on its own request with a
 * progress bar and its own result; without it the form posts all files to the page's action.
 */
export function useBulkUpload(onFinished: () => void, t: Words) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    const form = e.currentTarget;
    const data = new FormData(form);
    const files = data.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
    // Empty or invalid fields: let the form's own validation (and the server) answer.
    if (!files.length || !data.get("imageSubcategoryId")) return;
    e.preventDefault();
    setBusy(true);
    const list: Row[] = files.map((f) => ({ name: f.name, percent: 0, state: "waiting" }));
    setRows(list);
    for (let i = 0; i < files.length; i++) {
      setRows((r) => r.map((x, j) => (j === i ? { ...x, state: "sending" } : x)));
      const result = await send(files[i], data, (percent) => setRows((r) => r.map((x, j) => (j === i ? { ...x, percent } : x))), t);
      setRows((r) => r.map((x, j) => (j === i ? { ...x, percent: 100, state: result.ok ? "done" : "failed", message: result.message } : x)));
    }
    setBusy(false);
    form.reset();
    onFinished();
  }
  return { rows, busy, onSubmit };
}

export function UploadProgress({ rows, t }: { rows: Row[]; t: Words }) {
  if (!rows.length) return null;
  return (
    <ul className="space-y-2" aria-label={t.progress}>
      {rows.map((r, i) => (
        <li key={`${r.name}-${i}`} className="text-sm" data-upload-state={r.state}>
          <div className="flex justify-between gap-2">
            <span className="truncate">{r.name}</span>
            <span className={r.state === "failed" ? "text-red-700" : "text-slate-600"}>
              {r.state === "done" ? t.stateUploaded : r.state === "failed" ? t.stateFailed : r.state === "sending" ? `${r.percent}%` : t.stateWaiting}
            </span>
          </div>
          <progress value={r.percent} max={100} className="h-1.5 w-full" aria-label={fmt(t.fileProgress, { name: r.name })} />
          {r.message ? (
            <p role="alert" className="text-red-700">
              {r.message}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
