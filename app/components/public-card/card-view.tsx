import type { SubmissionResult } from "@conform-to/react";
import type { PublicCard, PublicCardResponse } from "#contracts/public-card.ts";
import { isLight } from "#contracts/format.ts";
import { apiUrl } from "~/lib/api-url";
import { CentredHero, SideBySideHeader } from "./card-header";
import { AboutSection, GallerySection, LinksSection, PaymentSection, ProductsSection, VideosSection } from "./sections";
import { MessageForm, type MessageKind } from "./message-form";
import { ActionBar, ShareSection } from "./share";
import { AgencyFooter } from "./card-unavailable";
import { readableColor } from "~/lib/contrast";

export type FormReply = { kind: MessageKind; result: SubmissionResult<string[]> };

const SECTIONS = {
  about: AboutSection,
  links: LinksSection,
  products: ProductsSection,
  gallery: GallerySection,
  videos: VideosSection,
  paymentOptions: PaymentSection,
} as const;

/**
 * A live public card, server-rendered with no JavaScript (ADR 0008). The two templates differ
 * in the header (style-1: centred hero; style-2: logo beside the name with contact rows) and
 * in how section headings look; both use the card's theme colour.
 */
export function PublicCardView({
  page,
  card,
  sent,
  reply,
}: {
  page: PublicCardResponse;
  card: PublicCard;
  sent: MessageKind | null;
  reply?: FormReply;
}) {
  const style1 = card.template === "style-1";
  // The owner's colour, darkened where white text on it or it as text would not read (AA).
  const theme = readableColor(card.themeColor);
  const onTheme = isLight(theme) ? "text-slate-900" : "text-white";
  const headerProps = { card, cardId: page.cardId, onTheme };
  const heading = style1
    ? "text-center text-lg font-bold text-slate-900 after:mx-auto after:mt-1 after:block after:h-1 after:w-10 after:rounded after:bg-[var(--theme)]"
    : "border-l-4 border-[var(--theme)] pl-3 text-lg font-semibold text-slate-900";
  return (
    <div style={{ "--theme": theme } as React.CSSProperties} className="min-h-dvh bg-slate-100" data-template={card.template}>
      <main className={`mx-auto max-w-md px-3 pb-2 ${style1 ? "" : "pt-3"}`}>
        {style1 ? <CentredHero {...headerProps} /> : <SideBySideHeader {...headerProps} />}
        {card.sections.map(({ key, title }) => {
          const body =
            key === "enquiry" || key === "feedback" ? (
              <MessageForm
                kind={key}
                cardId={page.cardId}
                token={page.enquiryToken ?? ""}
                businessName={card.basic.companyName}
                lastResult={reply?.kind === key ? reply.result : undefined}
                sent={sent === key}
              />
            ) : (
              (() => {
                const Section = SECTIONS[key];
                return <Section card={card} cardId={page.cardId} />;
              })()
            );
          // Feedback is the quieter of the two forms: folded until opened (unless it has news).
          if (key === "feedback" && sent !== "feedback" && reply?.kind !== "feedback") {
            return (
              <section key={key} id={key} className="mt-3 rounded-2xl bg-white shadow-sm">
                <details>
                  <summary className="cursor-pointer px-4 py-4 text-lg font-semibold text-slate-900">{title}</summary>
                  <div className="px-4 pb-4">{body}</div>
                </details>
              </section>
            );
          }
          return (
            <section key={key} id={key} aria-labelledby={`${key}-title`} className="mt-3 rounded-2xl bg-white p-4 shadow-sm">
              <h2 id={`${key}-title`} className={`mb-3 ${heading}`}>
                {title}
              </h2>
              {body}
            </section>
          );
        })}
        {card.showShareButton ? (
          <section id="share" aria-labelledby="share-title" className="mt-3 rounded-2xl bg-white p-4 shadow-sm">
            <h2 id="share-title" className={`mb-3 ${heading}`}>
              Share this card
            </h2>
            <ShareSection cardId={page.cardId} publicUrl={page.publicUrl} businessName={card.basic.companyName} />
          </section>
        ) : null}
        <ActionBar cardId={page.cardId} showSaveContact={card.showSaveContact} showShare={card.showShareButton} />
        <AgencyFooter agency={page.agency} />
      </main>
      {/* Counts the view: only a browser showing the page loads it (not link previews, not the HTML cache). */}
      <img
        src={apiUrl("GET /public-card/{cardId}/view.gif", { params: { cardId: page.cardId } })}
        alt=""
        width={1}
        height={1}
        loading="lazy"
        fetchPriority="low"
        className="absolute bottom-0 left-0 size-px opacity-0"
      />
    </div>
  );
}
