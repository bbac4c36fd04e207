import { createContext, useContext } from "react";

/**
 * True while the card is drawn inside the editor's live preview (card-preview.tsx): there its
 * links open in a new tab and count no taps, and its element ids are prefixed so they can't
 * clash with the editor page's own.
 */
export const InPreview = createContext(false);

/** The id of an element of the card (an anchor like #share on the public page). */
export function useCardElementId(id: string) {
  return useContext(InPreview) ? `preview-${id}` : id;
}
