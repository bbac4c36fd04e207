import { createContext, useContext } from "react";

/**
 * The `src` of the link the visitor came by (ADR 0068), already checked by the page (null: direct).
 * The page passes it on to its counters (the view beacon, tap pings, Save contact, the enquiry
 * form), so a call made after a greeting's QR is counted for that greeting, with no script.
 */
export const CardSourceContext = createContext<string | null>(null);

export const useCardSource = () => useContext(CardSourceContext);

/** `{ src }` for an apiUrl query, or nothing. */
export const srcQuery = (src: string | null) => (src ? { src } : {});
