import type { Route } from "./+types/index";
import type { EditorSectionPath } from "~/lib/card-editor";
import { fmt, pluralKey } from "#contracts/i18n/fmt.ts";
import { sectionMeta, useEditor, type EditorText } from "./editor-context";
import { SectionList } from "./section-nav";
import { CardStateBadge } from "~/components/business/card-state";

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches);

type Counted = "bankAccounts" | "videos" | "photos" | "products" | "links";
const counter = (t: EditorText) => (n: number, what: Counted) => (n ? fmt(t[`${what}${pluralKey(n)}`], { n }) : undefined);

/** The editor's start page: the card's link and every section with what it holds. */
export default function CardEditorOverview() {
  const { card, status, statusLabel, businessId, publicUrl, phoneText, themeName, t } = useEditor();
  const count = counter(t);
  const summaries: Partial<Record<EditorSectionPath, string>> = {
    "basic-details": [card.basicDetails.companyName, phoneText].filter(Boolean).join(" · ") || undefined,
    "payment-options": [card.paymentOptions.upiId, count(card.paymentOptions.bankAccounts?.length ?? 0, "bankAccounts")]
      .filter(Boolean)
      .join(" · ") || undefined,
    videos: count(card.youtubeVideos.videos.length, "videos"),
    gallery: count(card.gallery.images.length, "photos"),
    about: card.aboutUs.establishedYear ? fmt(t.establishedIn, { year: card.aboutUs.establishedYear }) : undefined,
    products: count(card.products.items.length, "products"),
    links: count(card.links.items.length, "links"),
    template: themeName,
  };
  return (
    <div className="space-y-4">
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-500">{t.yourCardLink}</p>
        <p className="mt-1 font-medium break-all text-slate-900">
          <a href={card.publicPath} target="_blank" rel="noreferrer" className="underline">
            {publicUrl}
          </a>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <CardStateBadge status={status} label={statusLabel} /> {t.changeLinkIn}
        </p>
      </section>
      <SectionList businessId={businessId} summaries={summaries} t={t} />
    </div>
  );
}
