import { useId, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ExternalIcon } from "~/components/icons";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

const button = "inline-flex items-center justify-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 text-slate-700 hover:bg-slate-50";

/**
 * The card's public link to copy, open or share. The box is selectable without JavaScript;
 * with it, Copy uses the clipboard and Share the phone's share sheet when there is one.
 */
export function CardLinkActions({ url, title, t }: { url: string; title: string; t: Catalogue["projects"] }) {
  const id = useId();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const canShare = hydrated && typeof navigator !== "undefined" && typeof navigator.share === "function";
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${title}: ${url}`)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm text-slate-500">
        {t.publicLink}
      </label>
      <input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm" />
      <div className="flex flex-wrap gap-2">
        {hydrated ? (
          <button type="button" onClick={copy} className={button}>
            {copied ? t.copied : t.copyLink}
          </button>
        ) : null}
        <a href={url} target="_blank" rel="noreferrer" className={button}>
          {t.viewCard} <ExternalIcon className="size-4" />
          <span className="sr-only">{t.opensInNewTab}</span>
        </a>
        {canShare ? (
          <button type="button" onClick={() => navigator.share({ title, url }).catch(() => {})} className={button}>
            {t.share}
          </button>
        ) : (
          <a href={whatsapp} target="_blank" rel="noreferrer" className={button}>
            {t.shareOnWhatsApp}
            <span className="sr-only">{t.opensInNewTab}</span>
          </a>
        )}
      </div>
      {copied ? (
        <p role="status" className="text-sm text-green-700">
          {t.linkCopied}
        </p>
      ) : null}
    </div>
  );
}
