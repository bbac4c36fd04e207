import type { SubmissionResult } from "@conform-to/react";
import type { PublicCard, PublicCardResponse } from "#contracts/public-card.ts";
import { isLight } from "#contracts/format.ts";
import { apiUrl } from "~/lib/api-url";
import { CentredHero, SideBySideHeader } from "./card-header";
import { AboutSection, GallerySection, LinksSection, PaymentSection, ProductsSection, VideosSection } from "./sections";
import { MessageForm, type MessageKind } from "./message-form";
import { useCardElementId } from "./preview-mode";
import { ActionBar, ShareSection } from "./share";
import { AgencyFooter } from "./card-unavailable";
import { CategoryPageLink } from "./category-page-link";
import { OfflineKit } from "./offline-kit";
import { readableColor } from "~/lib/contrast";
import { srcQuery, useCardSource } from "./card-source";
import { CardTextContext, useCardText, type CardText } from "./card-text";
import { LANGUAGES, LANGUAGE_NAMES, type Language } from "#contracts/i18n/languages.ts";
import { themeDesign, themeFontVars, type ThemeDesign } from "#contracts/card-themes.ts";
import { BandHeader, SplitHeader } from "./theme-headers";

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
 * A live public card, server-rendered with no JavaScript (ADR 0008): the card, the agency's
 * footer and the view beacon.
 */
export function PublicCardView({
  page,
  card,
  sent,
  reply,
  text,
  lang,
}: {
  page: PublicCardResponse;
  card: PublicCard;
  sent: MessageKind | null;
  reply?: FormReply;
  /** The card's fixed words in the visitor's language (ADR 0066). */
  text: CardText;
  lang: Language;
}) {
  const src = useCardSource();
  return (
    <CardTextContext.Provider value={text}>
    <div style={themeStyle(card)} className="card-body min-h-dvh" data-template={card.template}>
      <main className={`mx-auto max-w-md px-3 pb-2 ${themeDesign(card.template).flush ? "" : "pt-3"}`}>
        <CardContent
          card={card}
          cardId={page.cardId}
          publicUrl={page.publicUrl}
          // Feedback is the quieter of the two forms: folded until opened (unless it has news).
          foldFeedback={sent !== "feedback" && reply?.kind !== "feedback"}
          message={(kind) => (
            <MessageForm
              kind={kind}
              cardId={page.cardId}
              token={page.enquiryToken ?? ""}
              businessName={card.basic.companyName}
              lastResult={reply?.kind === kind ? reply.result : undefined}
              sent={sent === kind}
            />
          )}
        />
        {page.categoryPage ? <CategoryPageLink page={page.categoryPage} /> : null}
        <LanguageLinks cardId={page.cardId} current={lang} label={text.readIn} />
        <AgencyFooter agency={page.agency} />
      </main>
      {/* Counts the view: only a browser showing the page loads it (not link previews, not the HTML cache). */}
      <img
        src={apiUrl("GET /public-card/{cardId}/view.gif", { params: { cardId: page.cardId }, query: srcQuery(src) })}
        alt=""
        width={1}
        height={1}
        loading="lazy"
        fetchPriority="low"
        className="absolute bottom-0 left-0 size-px opacity-0"
      />
    </div>
    </CardTextContext.Provider>
  );
}

/** One tap to read the card in another language: plain links (`?lang=hi`), no JavaScript (ADR 0066). */
function LanguageLinks({ cardId, current, label }: { cardId: string; current: Language; label: string }) {
  return (
    <nav aria-label={label} className="mt-4 text-center text-sm text-slate-600">
      <span>{label}</span>{" "}
      {LANGUAGES.filter((l) => l !== current).map((l, i) => (
        <span key={l}>
          {i ? " · " : ""}
          <a href={`/${cardId}?lang=${l}`} lang={l} hrefLang={l} className="underline">
            {LANGUAGE_NAMES[l]}
          </a>
        </span>
      ))}
    </nav>
  );
}

/** The theme's colour (the nearest AA shade), fonts and page colour, set on the card's root. */
export function themeStyle(card: PublicCard): React.CSSProperties {
  const d = themeDesign(card.template);
  return { "--theme": readableColor(card.themeColor), ...themeFontVars(d), backgroundColor: d.page } as React.CSSProperties;
}

/** Section headings per theme; the theme colour as text is AA on every theme's page and on white. */
const HEADINGS: Record<ThemeDesign["headings"], string> = {
  "centre-bar":
    "card-head text-center text-lg font-bold text-slate-900 after:mx-auto after:mt-1 after:block after:h-1 after:w-10 after:rounded after:bg-[var(--theme)]",
  "left-bar": "card-head border-l-4 border-[var(--theme)] pl-3 text-lg font-semibold text-slate-900",
  caps: "card-head text-sm font-bold tracking-[.18em] text-[var(--theme)] uppercase",
  rule: "card-head border-b-2 border-[var(--theme)] pb-1 text-lg font-semibold text-slate-900",
  pill: "card-head inline-block rounded-full bg-[var(--theme)] px-3 py-1 text-base font-semibold text-white",
  italic: "card-head text-xl font-semibold text-slate-900 italic",
};

const SECTION_BOX: Record<ThemeDesign["sections"], string> = {
  card: "mt-3 rounded-2xl bg-white p-4 shadow-sm",
  square: "mt-3 border-t-4 border-[var(--theme)] bg-white p-4 shadow-sm",
  outline: "mt-3 rounded-lg bg-white p-4 ring-1 ring-slate-300",
  flat: "mt-2 border-b border-slate-200 bg-white px-2 py-5",
};

function ThemeHeader({ card, cardId, onTheme }: { card: PublicCard; cardId: string; onTheme: string }) {
  const design = themeDesign(card.template);
  if (design.header === "hero") return <CentredHero card={card} cardId={cardId} onTheme={onTheme} />;
  if (design.header === "side") return <SideBySideHeader card={card} cardId={cardId} onTheme={onTheme} />;
  if (design.header === "split") return <SplitHeader card={card} cardId={cardId} design={design} />;
  return <BandHeader card={card} cardId={cardId} design={design} />;
}

/**
 * The card itself, drawn by the public page and by the editor's live preview alike. The two
 * templates differ in the header (style-1: centred hero; style-2: logo beside the name with
 * contact rows) and in how section headings look; both use the card's theme colour (`--theme`,
 * set by the caller).
 */
export function CardContent({
  card,
  cardId,
  publicUrl,
  message,
  foldFeedback,
}: {
  card: PublicCard;
  cardId: string;
  publicUrl: string;
  /** What the enquiry and feedback sections hold: the form on the page, a drawing of it in the preview. */
  message: (kind: MessageKind) => React.ReactNode;
  foldFeedback: boolean;
}) {
  const design = themeDesign(card.template);
  const t = useCardText();
  // The owner's colour, darkened where white text on it or it as text would not read (AA).
  const onTheme = isLight(readableColor(card.themeColor)) ? "text-slate-900" : "text-white";
  const heading = HEADINGS[design.headings];
  const box = SECTION_BOX[design.sections];
  return (
    <>
      <ThemeHeader card={card} cardId={cardId} onTheme={onTheme} />
      {card.sections.map(({ key, title }) => {
        if (key === "enquiry" || key === "feedback") {
          return (
            <CardSection key={key} id={key} title={title} heading={heading} box={box} folded={key === "feedback" && foldFeedback}>
              {message(key)}
            </CardSection>
          );
        }
        const Section = SECTIONS[key];
        return (
          <CardSection key={key} id={key} title={title} heading={heading} box={box}>
            <Section card={card} cardId={cardId} />
          </CardSection>
        );
      })}
      {card.showShareButton ? (
        <CardSection id="share" title={t.shareThisCard} heading={heading} box={box}>
          <ShareSection cardId={cardId} publicUrl={publicUrl} businessName={card.basic.companyName} />
        </CardSection>
      ) : null}
      {card.showSaveContact ? <OfflineKit cardId={cardId} hasUpi={!!card.payment.upiId} /> : null}
      <ActionBar cardId={cardId} showSaveContact={card.showSaveContact} showShare={card.showShareButton} />
    </>
  );
}

/** One section: a region named by its heading, or folded under its title until opened. */
function CardSection({
  id,
  title,
  heading,
  box,
  folded = false,
  children,
}: {
  id: string;
  title: string;
  heading: string;
  box: string;
  folded?: boolean;
  children: React.ReactNode;
}) {
  const elementId = useCardElementId(id);
  if (folded) {
    return (
      <section id={elementId} className={box.replace(/\bp-4\b|\bpx-2 py-5\b/, "")}>
        <details>
          <summary className="card-head cursor-pointer px-4 py-4 text-lg font-semibold text-slate-900">{title}</summary>
          <div className="px-4 pb-4">{children}</div>
        </details>
      </section>
    );
  }
  return (
    <section id={elementId} aria-labelledby={`${elementId}-title`} className={box}>
      <h2 id={`${elementId}-title`} className={`mb-3 ${heading}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
