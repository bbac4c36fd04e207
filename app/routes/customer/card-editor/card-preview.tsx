import { cardView } from "#contracts/card-view.ts";
import type { EditorCard } from "~/lib/card-editor";
import { CardContent, themeStyle } from "~/components/public-card/card-view";
import { themeDesign } from "#contracts/card-themes.ts";
import type { MessageKind } from "~/components/public-card/message-form";
import { InPreview } from "~/components/public-card/preview-mode";
import { CardTextContext, useCardText, type CardText } from "~/components/public-card/card-text";

/**
 * The editor's live preview: the public card's own mapping (contracts/card-view.ts) and
 * components, so it shows what visitors will see. The editor passes the saved card, or the
 * saved card with the section being edited replaced by the form's current values.
 */
export function CardPreview({ card, businessName, text, label }: { card: EditorCard; businessName: string; text: CardText; label: string }) {
  // The card copies its business's phone and logo when it is made; the name is the fallback that matters here.
  const view = cardView({ card, business: { businessName, phoneNumber: null, logoUrl: null } });
  return (
    <article
      aria-label={label}
      data-template={view.template}
      style={themeStyle(view)}
      className={`card-body overflow-hidden rounded-[1.75rem] px-3 pb-2 shadow-lg ring-1 ring-slate-300 ${themeDesign(view.template).flush ? "" : "pt-3"}`}
    >
      <InPreview value>
        <CardTextContext.Provider value={text}>
          <CardContent card={view} cardId={card.cardId} publicUrl={`/${card.cardId}`} foldFeedback message={(kind) => <FormSketch kind={kind} />} />
        </CardTextContext.Provider>
      </InPreview>
    </article>
  );
}

/** The enquiry / feedback form, drawn: the preview sends nothing. */
function FormSketch({ kind }: { kind: MessageKind }) {
  const t = useCardText();
  return (
    <div className="space-y-2" aria-hidden="true">
      <div className="h-10 rounded-lg bg-white ring-1 ring-slate-300" />
      <div className="h-20 rounded-lg bg-white ring-1 ring-slate-300" />
      <div className="rounded-xl bg-[var(--theme)] py-3 text-center font-semibold text-white">{kind === "enquiry" ? t.sendEnquiry : t.sendFeedback}</div>
    </div>
  );
}
