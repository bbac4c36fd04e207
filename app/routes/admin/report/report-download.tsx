import { useState } from "react";
import { reportSaveName, type ReportKind } from "#contracts/project-texts.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

type Text = Catalogue["staffReport"];

/**
 * A report's download form, saved with a name telling the two reports and days apart,
 * report-businesses-2026-11-26.csv (ADR 0044). Without JavaScript it is a plain GET form to the
 * API's CSV address, asking it for that name (`saveAs=dated`; the API's own name is report.csv).
 * With JavaScript the download runs here so the page can show the bytes received as they arrive.
 */

const size = (bytes: number, t: Text) => (bytes < 1024 ? fmt(t.bytes, { count: bytes }) : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

type State = { phase: "idle" } | { phase: "downloading"; bytes: number } | { phase: "done"; bytes: number; name: string } | { phase: "failed"; message: string };

export function ReportDownload({ kind, action, label, children, t }: { kind: ReportKind; action: string; label: string; children: React.ReactNode; t: Text }) {
  const [state, setState] = useState<State>({ phase: "idle" });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // Browsers without streams keep the plain download.
    if (typeof ReadableStream === "undefined" || !("getReader" in ReadableStream.prototype)) return;
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [k, v] of new FormData(event.currentTarget)) if (typeof v === "string" && v && k !== "saveAs") query.set(k, v);
    setState({ phase: "downloading", bytes: 0 });
    try {
      const res = await fetch(query.size ? `${action}?${query}` : action, { headers: { accept: "text/csv" } });
      if (!res.ok || !res.body) {
        const data = (await res.json().catch(() => ({}))) as { message?: string };
        setState({ phase: "failed", message: data.message ?? fmt(t.couldNotMake, { status: res.status }) });
        return;
      }
      const reader = res.body.getReader();
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        setState({ phase: "downloading", bytes });
      }
      const url = URL.createObjectURL(new Blob(parts, { type: "text/csv;charset=utf-8" }));
      const a = document.createElement("a");
      a.href = url;
      const name = reportSaveName(kind, new Date());
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ phase: "done", bytes, name });
    } catch {
      setState({ phase: "failed", message: t.stopped });
    }
  }

  const busy = state.phase === "downloading";
  return (
    <form method="get" action={action} onSubmit={onSubmit} aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <input type="hidden" name="saveAs" value="dated" />
      {children}
      <div className="space-y-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" disabled={busy} aria-busy={busy} className="rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker disabled:opacity-60">
          {busy ? t.downloading : t.download}
        </button>
        <div role="status" aria-live="polite" className="text-sm text-slate-700">
          {state.phase === "downloading" ? (
            <span className="flex items-center gap-2">
              <progress aria-label={t.progress} className="h-2 w-40" />
              {fmt(t.received, { size: size(state.bytes, t) })}
            </span>
          ) : state.phase === "done" ? (
            fmt(t.downloaded, { size: size(state.bytes, t), name: state.name })
          ) : state.phase === "failed" ? (
            <span className="text-red-700">{state.message}</span>
          ) : null}
        </div>
      </div>
    </form>
  );
}
