import type { EditorSectionPath } from "~/lib/card-editor";
import { useEditor } from "./editor-context";
import { SectionList } from "./section-nav";
import { CardStateBadge } from "~/components/business/card-state";

export const meta = () => [{ title: "Digital business card" }];

const count = (n: number, one: string, many: string) => (n ? `${n} ${n === 1 ? one : many}` : undefined);

/** The editor's start page: the card's link and every section with what it holds. */
export default function CardEditorOverview() {
  const { card, status, businessId, publicUrl, phoneText } = useEditor();
  const summaries: Partial<Record<EditorSectionPath, string>> = {
    "basic-details": [card.basicDetails.companyName, phoneText].filter(Boolean).join(" · ") || undefined,
    "payment-options": [card.paymentOptions.upiId, count(card.paymentOptions.bankAccounts?.length ?? 0, "bank account", "bank accounts")]
      .filter(Boolean)
      .join(" · ") || undefined,
    videos: count(card.youtubeVideos.videos.length, "video", "videos"),
    gallery: count(card.gallery.images.length, "photo", "photos"),
    about: card.aboutUs.establishedYear ? `Established in ${card.aboutUs.establishedYear}` : undefined,
    products: count(card.products.items.length, "product", "products"),
    links: count(card.links.items.length, "link", "links"),
    template: card.template === "style-2" ? "Style 2" : "Style 1",
  };
  return (
    <div className="space-y-4">
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-500">Your card's link</p>
        <p className="mt-1 font-medium break-all text-slate-900">
          <a href={card.publicPath} target="_blank" rel="noreferrer" className="underline">
            {publicUrl}
          </a>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <CardStateBadge status={status} /> Change the link in Basic details.
        </p>
      </section>
      <SectionList businessId={businessId} summaries={summaries} />
    </div>
  );
}
