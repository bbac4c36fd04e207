import { useState } from "react";

/**
 * The PDF download. Without JavaScript it is a plain link to the API (the browser saves
 * {pdfCardNo}.pdf). With it, the file is fetched so a refusal can be shown here: the error body
 * arrives as bytes and is decoded as JSON (SPEC §8), instead of the browser opening the JSON.
 */
/** Its words in the page's language (the `pdfCards` namespace). */
export type DownloadWords = { preparing: string; downloadFailedStatus: string; downloadFailed: string };

export function PdfDownloadLink({ url, fileName, children, className = "", t }: { url: string; fileName: string; children: React.ReactNode; className?: string; t: DownloadWords }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onClick(e: React.MouseEvent<HTMLAnchorElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(url, { credentials: "same-origin" });
      const bytes = await res.arrayBuffer();
      if (!res.ok) {
        let message = t.downloadFailedStatus.replace("{status}", String(res.status));
        try {
          const body = JSON.parse(new TextDecoder().decode(bytes)) as { message?: unknown; upgrade?: unknown };
          if (typeof body.message === "string") message = body.message;
          if (res.status === 403 && body.upgrade === true) window.location.hash = "upgrade";
        } catch {
          // not JSON: keep the generic message
        }
        setError(message);
        return;
      }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      setError(t.downloadFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-1">
      <a href={url} download={fileName} onClick={onClick} aria-busy={busy} className={className}>
        {busy ? t.preparing : children}
      </a>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
