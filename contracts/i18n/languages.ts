/**
 * The panel's and the card's languages (issue 24, ADR 0066): English is the source, then the six
 * largest first languages of India after it. No imports: any bundle may take this file (it holds
 * no messages; those are in the catalogues beside it, read on the server only).
 */
export const LANGUAGES = ["en", "hi", "bn", "mr", "te", "ta", "gu"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's own name, as its readers write it (the switch shows these, never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  hi: "हिन्दी",
  bn: "বাংলা",
  mr: "मराठी",
  te: "తెలుగు",
  ta: "தமிழ்",
  gu: "ગુજરાતી",
};

/** Writing direction for `<html dir>`: all seven are left to right; a right-to-left one (Urdu) says "rtl" here. */
export const LANGUAGE_DIR: Record<Language, "ltr" | "rtl"> = { en: "ltr", hi: "ltr", bn: "ltr", mr: "ltr", te: "ltr", ta: "ltr", gu: "ltr" };

export const isLanguage = (v: unknown): v is Language => typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);

/**
 * The best of our languages for an `Accept-Language` header ("hi-IN,hi;q=0.9,en;q=0.8"), by
 * quality then order; null when it names none of them (the caller falls back to the agency's
 * default). Region and script subtags are ignored: "hi-IN" and "hi-Latn" are Hindi.
 */
export function negotiateLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const asked = header
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split("-")[0], quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((a) => a.quality > 0 && isLanguage(a.base))
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return asked.length ? (asked[0].base as Language) : null;
}

