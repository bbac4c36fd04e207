/**
 * Fills a message's `{name}` placeholders. No imports and no messages: any bundle may take it
 * (the messages themselves reach the browser as loader data, ADR 0066).
 */
export function fmt(template: string, values: Record<string, string | number>) {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** English's one/other choice ("1 second", "2 seconds"); Indian languages here use one form for both in these texts. */
export const pluralKey = (n: number) => (n === 1 ? "One" : "Other");

/**
 * An English message in the words a page was sent (a few `errors` entries, keyed by the English
 * text): an exact entry, else a `{placeholder}` entry whose figures match ("Add at most 10
 * videos."). For validation in the browser; a message not sent stays English.
 */
export function translateWith(words: Readonly<Record<string, string>>, message: string): string {
  const exact = words[message];
  if (exact !== undefined) return exact;
  for (const [key, text] of Object.entries(words)) {
    if (!key.includes("{")) continue;
    const filled = placeholderPattern(key).match(message);
    if (filled) return fmt(text, filled);
  }
  return message;
}

/**
 * A message with `{placeholder}`s as a pattern for the English text it was filled into:
 * "Add at most {max} videos." matches "Add at most 10 videos." and gives `{ max: "10" }`.
 * Placeholders in messages stand for figures only.
 */
export function placeholderPattern(key: string) {
  const names: string[] = [];
  const source = key.split(/(\{\w+\})/).map((part) => {
    const m = /^\{(\w+)\}$/.exec(part);
    if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    names.push(m[1]);
    return "(\\d+)";
  });
  const re = new RegExp(`^${source.join("")}$`);
  return {
    match(message: string): Record<string, string> | null {
      const found = re.exec(message);
      return found ? Object.fromEntries(names.map((n, i) => [n, found[i + 1]])) : null;
    },
  };
}
