/**
 * Where a card visit came from (issue 25, ADR 0068): the `src` parameter of a card link. A source
 * names a channel (and for a greeting the post's id), never a person: nothing here is personal data.
 * No zod: the public card page takes it without shipping a validator.
 */

export const CARD_SOURCES = ["direct", "greeting", "qr", "whatsapp", "idcard"] as const;
export type CardSource = (typeof CARD_SOURCES)[number];

/** What is counted per source and day. */
export const SOURCE_EVENTS = ["visit", "save", "call", "whatsapp", "enquiry"] as const;
export type SourceEvent = (typeof SOURCE_EVENTS)[number];

export type SourceRef = { source: CardSource; greetingId: number };

export const DIRECT: SourceRef = { source: "direct", greetingId: 0 };

const GREETING = /^greeting-([1-9]\d{0,8})$/;

/** `?src=` as written in a link → the source; anything unknown counts as a direct visit. */
export function parseSource(raw: string | null | undefined): SourceRef {
  if (!raw) return DIRECT;
  if (raw === "qr" || raw === "whatsapp" || raw === "idcard" || raw === "greeting") return { source: raw, greetingId: 0 };
  const m = GREETING.exec(raw);
  return m ? { source: "greeting", greetingId: Number(m[1]) } : DIRECT;
}

/** The `src` value of a source (null for a direct visit: no parameter at all). */
export function sourceParam(s: SourceRef): string | null {
  if (s.source === "direct") return null;
  return s.source === "greeting" && s.greetingId ? `greeting-${s.greetingId}` : s.source;
}

/** A card link with its source: `https://host/sharma-sweets?src=qr`. */
export function withSource(url: string, s: SourceRef | CardSource): string {
  const ref = typeof s === "string" ? { source: s, greetingId: 0 } : s;
  const p = sourceParam(ref);
  if (!p) return url;
  return `${url}${url.includes("?") ? "&" : "?"}src=${p}`;
}
