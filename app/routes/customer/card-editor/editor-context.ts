import { useEffect, useRef } from "react";
import { useOutletContext } from "react-router";
import type { CardStateResult } from "#contracts/card-state.ts";
import type { EditorCard, EditorSectionPath, PreviewDraft } from "~/lib/card-editor";
import type { Catalogue } from "#contracts/i18n/messages.ts";

/** The editor's words in the request's language (the layout's loader sends them, ADR 0066). */
export type EditorText = Catalogue["cardEditor"];

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
  t: EditorText;
  /** The state badge's words in the page's language. */
  statusLabel?: string;
  /** The card's theme by its name in the page's language ("Storefront"). */
  themeName: string;
  /** The schemas' messages in the page's language, for validation in the browser (empty in English). */
  errorWords: Record<string, string>;
};

export const useEditor = () => useOutletContext<EditorOutlet>();

type MetaMatch = { loaderData?: unknown; data?: unknown } | undefined;
/** A section's tab title, "About us · Digital business card", from the layout's words. */
export function sectionMeta(matches: readonly MetaMatch[], section?: keyof EditorText["sections"]) {
  const t = matches.map((m) => (m?.loaderData ?? m?.data) as { t?: { cardEditor?: EditorText } } | undefined).find((d) => d?.t?.cardEditor)?.t?.cardEditor;
  if (!t) return [{ title: "Digital business card" }];
  return [{ title: section ? `${t.sections[section]} · ${t.title}` : t.title }];
}

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
