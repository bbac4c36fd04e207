import { createContext, useContext } from "react";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

export type CardText = Catalogue["card"];

/**
 * The card's fixed words (Call, Save contact, the forms' labels) in the reader's language: the
 * public card's loader and the editor's (for its preview) pick them (ADR 0066) and provide them
 * here, so no catalogue is in a bundle.
 */
export const CardTextContext = createContext<CardText | null>(null);
export function useCardText(): CardText {
  const text = useContext(CardTextContext);
  if (!text) throw new Error("The card's words are missing: wrap the card in CardTextContext.Provider.");
  return text;
}
