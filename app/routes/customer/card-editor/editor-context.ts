import { useEffect, useRef } from "react";
import { useOutletContext } from "react-router";
import type { CardStateResult } from "#contracts/card-state.ts";
import type { EditorCard, EditorSectionPath, PreviewDraft } from "~/lib/card-editor";

/** What the editor layout hands its section pages (React Router's outlet context). */
export type EditorOutlet = {
  card: EditorCard;
  /** The card's one state (contracts/card-state.ts). */
  status: CardStateResult;
  businessId: number;
  /** The agency's host (the card's link is host/cardId) and the card's full public URL. */
  host: string;
  publicUrl: string;
  /** The card's phone number as people read it (formatted by the loader). */
  phoneText: string | null;
  setDraft: (draft: PreviewDraft | null) => void;
};

export const useEditor = () => useOutletContext<EditorOutlet>();

/**
 * Sends a section form's live values to the preview as the person types (Conform's
 * `form.value` changes on input); the saved card shows again when the section closes.
 */
export function useDraftSync(section: EditorSectionPath, value: unknown) {
  const { setDraft } = useEditor();
  const json = JSON.stringify(value ?? null);
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === json) return;
    last.current = json;
    setDraft({ section, value: JSON.parse(json) });
  }, [json, section, setDraft]);
  useEffect(() => () => setDraft(null), [setDraft]);
}
