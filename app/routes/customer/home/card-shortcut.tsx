import { withSource } from "#contracts/card-sources.ts";
import { useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { cardEditorHref } from "~/lib/business-form";
import { Card } from "~/components/panel-shell";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

const button = "inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold";
const primary = `${button} bg-brand-dark text-white hover:bg-brand-darker`;
const secondary = `${button} text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50`;

/** "Copy link" once JavaScript runs; before that (or without it) the link sits in a box to select. */
function CopyLink({ url, t }: { url: string; t: Catalogue["home"] }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      className={secondary}
      onClick={() => navigator.clipboard.writeText(url).then(() => setCopied(true), () => setCopied(false))}
    >
      {copied ? t.copied : t.copyLink}
    </button>
  );
}

/** The active business's card: open, edit, share its public link; or the call to create one. */
export function CardShortcut({
  businessId,
  card,
  publicUrl,
  t,
}: {
  t: Catalogue["home"];
  businessId: number;
  card: { cardId: string; status: "active" | "inactive"; publicPath: string } | null;
  publicUrl: string | null;
}) {
  if (!card || !publicUrl) {
    return (
      <Card>
        <h2 className="font-semibold text-slate-900">{t.createCard}</h2>
        <p className="mt-1 text-sm text-slate-600">{t.createCardPitch}</p>
        <Link to={cardEditorHref(businessId)} className={`${primary} mt-3 w-full sm:w-auto`}>
          {t.createCard}
        </Link>
      </Card>
    );
  }
  // Visits from this share are counted as WhatsApp's (ADR 0068).
  const share = `https://wa.me/?text=${encodeURIComponent(withSource(publicUrl, "whatsapp"))}`;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{t.yourCard}</h2>
      </div>
      <label htmlFor="card-link" className="mt-3 block text-xs text-slate-500">
        {t.yourCardLink}
      </label>
      <input
        id="card-link"
        readOnly
        value={publicUrl}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 block w-full rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-900"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={card.publicPath} target="_blank" rel="noopener noreferrer" className={primary}>
          {t.openCard}
        </a>
        <Link to={cardEditorHref(businessId)} className={secondary}>
          {t.editCard}
        </Link>
        <a href={share} target="_blank" rel="noopener noreferrer" className={secondary}>
          {t.shareOnWhatsApp}
        </a>
        <CopyLink url={publicUrl} t={t} />
      </div>
    </Card>
  );
}
