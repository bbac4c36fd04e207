import { createContext, useContext } from "react";
import { cardTexts } from "#contracts/i18n/catalogues/en.ts";

export type CardText = typeof cardTexts;

/**
 * The card's fixed words (Call, Save contact, the forms' labels) in the visitor's language: the
 * public card's loader picks them (ADR 0066) and provides them here; the editor's preview keeps
 * the English default.
 */
export const CardTextContext = createContext<CardText>(cardTexts);
export const useCardText = () => useContext(CardTextContext);
