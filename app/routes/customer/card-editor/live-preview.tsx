import { applyDraft, type EditorCard, type PreviewDraft } from "~/lib/card-editor";
import { CardPreview } from "./card-preview";
import type { CardText } from "~/components/public-card/card-text";

/**
 * The preview with the draft applied, in a module of its own: the editor layout loads it once
 * JavaScript runs, so the public card's components, the editor's schemas and the phone metadata
 * are not in the editor's first load (issue 23).
 */
export default function LivePreview({
  card,
  draft,
  businessName,
  text,
  label,
}: {
  card: EditorCard;
  draft: PreviewDraft | null;
  businessName: string;
  text: CardText;
  label: string;
}) {
  return <CardPreview card={applyDraft(card, draft)} businessName={businessName} text={text} label={label} />;
}
